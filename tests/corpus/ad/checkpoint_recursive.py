# fd: fact [1.5, 2]
# fd: fact [0.7, 4]
# A recursive function that checkpoints its own recursive call, in
# reverse mode (the int argument keeps the gradient there).
from myia import grad, checkpoint


def fact(x, n):
    if n == 0:
        return 1.0
    return x * checkpoint(fact)(x, n - 1)


def main():
    print(fact(1.5, 2))
    print(grad(fact, (0, 1))(1.5, 2))
    print(grad(fact, (0, 1))(0.7, 4))

# fd: f [0.6, 1.1]
# Nested loops, the inner one's trip count depending on the outer index.
from myia import grad


def f(x, y):
    s = 0.0
    for i in range(4):
        t = 1.0
        for j in range(i + 1):
            t = t * (x + j * y)
        s = s + t
    return s


def main():
    print(grad(f, (0, 1))(0.6, 1.1))
    print(grad(f, (0, 1))(-0.5, 0.3))

# fd: run [0.5, 0.4]
# checkpoint of a while loop that leaves by break or by an early return,
# and jacrev of a checkpointed function with a tuple output.
import math
from myia import grad, checkpoint, jacrev


def run(x, y):
    i = 0
    while True:
        x = x + 0.1 * math.sin(y)
        y = y - 0.1 * math.cos(x)
        i = i + 1
        if i > 30:
            break
        if x > 3.0:
            return x * y
    return x + y


def main():
    print(grad(checkpoint(run), (0, 1))(0.5, 0.4))
    print(grad(run, (0, 1))(0.5, 0.4))
    print(grad(checkpoint(run), (0, 1))(2.5, 0.4))
    print(jacrev(checkpoint(lambda a, b: (run(a, b), a * b)))(0.5, 0.4))

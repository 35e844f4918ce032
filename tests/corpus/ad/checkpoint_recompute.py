# fd: loss [0.3, 1.7]
# fd: run [0.9]
# checkpoint(f): the same values and gradients as f; the reverse pass
# recomputes f's forward pass from its arguments instead of storing it.
# Covers a checkpointed step inside a loop, a checkpointed function of two
# arguments, second order through a checkpoint, and a closure (which is
# differentiated without recomputation).
import math
from myia import grad, checkpoint, value_and_grad


def step(x, h):
    return x + h * math.sin(x) * math.exp(-x * x / 4.0)


def run(x):
    s = checkpoint(step)
    for i in range(20):
        x = s(x, 0.1)
    return x


def loss(a, b):
    f = checkpoint(step)
    return f(a, b) * f(b, a)


def cube(x):
    return x * x * x


def main():
    print(run(0.9))
    print(grad(run)(0.9))
    print(value_and_grad(loss, (0, 1))(0.3, 1.7))
    print(grad(grad(checkpoint(cube)))(1.5))
    k = 2.0
    print(grad(lambda x: checkpoint(lambda y: k * y * y)(x))(3.0))

# fd: loss [[1.0, 2.0, 3.0], [0.5, -0.5, 1.5]]
# fd: f [0.4, 1.2]
# zip over two tuples; gradients with respect to tuple arguments.
from myia import grad


def loss(xs, ws):
    s = 0.0
    for x, w in zip(xs, ws):
        s = s + (x * w - 1.0) ** 2
    return s


def f(a, b):
    s = 0.0
    for p, q in zip((a, b, a * b), (b, a, 1.0)):
        s = s + p * q
    return s


def main():
    xs = (1.0, 2.0, 3.0)
    ws = (0.5, -0.5, 1.5)
    print(grad(loss, 0)(xs, ws))
    print(grad(loss, 1)(xs, ws))
    print(grad(f, (0, 1))(0.4, 1.2))

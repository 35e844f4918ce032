"""Explicit Euler for y' = -2y and for the logistic equation."""


def euler(f, y0, t0, t1, n):
    h = (t1 - t0) / n
    y = y0
    t = t0
    for i in range(n):
        y = y + h * f(t, y)
        t = t + h
    return y


def main():
    print(euler(lambda t, y: -2.0 * y, 1.0, 0.0, 1.0, 4))
    print(euler(lambda t, y: -2.0 * y, 1.0, 0.0, 1.0, 1000))
    print(euler(lambda t, y: y * (1.0 - y), 0.1, 0.0, 5.0, 50))
    print(euler(lambda t, y: t, 0.0, 0.0, 1.0, 8))
    x = 1.0
    v = 0.0
    h = 0.01
    for i in range(100):
        x, v = x + h * v, v - h * x
    print(x, v)

"""Gradients of ordinary code: loops, branches, closures, higher order."""
import math
from myia import grad, value_and_grad, vjp, jacrev, hessian


def loss(w, b):
    """Squared error of a line fitted to a few points, with a loop."""
    xs = (0.0, 1.0, 2.0, 3.0)
    ys = (1.0, 3.1, 4.9, 7.2)
    s = 0.0
    for x, y in zip(xs, ys):
        err = w * x + b - y
        s += err * err
    return s / len(xs)


def smooth_abs(x):
    if x > 0.0:
        return x * x / (1.0 + x)
    return -x


def power(x, n):
    """x ** n by recursion: grad goes through the recursion."""
    if n == 0:
        return 1.0
    return x * power(x, n - 1)


def main():
    w, b = 0.0, 0.0
    for step in range(200):
        dw, db = grad(loss, (0, 1))(w, b)
        w, b = w - 0.1 * dw, b - 0.1 * db
    print("fit: w =", w, "b =", b, "loss =", loss(w, b))
    print("value_and_grad:", value_and_grad(smooth_abs)(2.0))
    print("d/dx x**5 at 2:", grad(power)(2.0, 5))
    print("second derivative of sin at 1:", grad(grad(math.sin))(1.0), -math.sin(1.0))
    scale = 3.0
    f = lambda x: math.tanh(scale * x)
    out, pullback = vjp(f, 0.5)
    print("vjp:", out, pullback(1.0))
    print("hessian of x**3 at 2:", hessian(lambda x: x * x * x)(2.0))
    print("jacobian of (x*y, x+y):", jacrev(lambda p: (p[0] * p[1], p[0] + p[1]))((2.0, 3.0)))

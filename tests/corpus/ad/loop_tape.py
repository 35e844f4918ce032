# fd: euler [1.0, 0.0, 4.0, 0.1, 0.01, 50]
# fd: damped [0.9, 7]
# fd: nested [0.3, 4, 3]
# fd: fit_arrays [0.5, 0.2]
# Gradients of loops, in the shapes the native backends run as a forward
# loop recording a tape and a backward loop over it (opt/reverse.go):
# for and while loops, value_and_grad (the loop returns its value with
# its backpropagator), zero iterations, nested loops, a backpropagator
# called more than once (jacrev), captured arrays, and a loop with a
# branch in its body (not reversed: it must still agree).
import numpy as np
from myia import grad, jacrev, value_and_grad


def euler(x0, v0, k, c, h, n):
    x = x0
    v = v0
    for _ in range(n):
        x, v = x + h * v, v + h * (-k * x - c * v)
    return x


def damped(y, n):
    i = 0
    while i < n:
        y = y * 0.9 + 0.01 * y * y
        i = i + 1
    return y


def nested(x, n, m):
    s = x
    for i in range(n):
        t = s
        for j in range(m):
            t = t * 0.5 + s * 0.25
        s = t + x * 0.1
    return s


def branchy(x, n):
    s = x
    for i in range(n):
        if s > 1.0:
            s = s * 0.5 + x
        else:
            s = s * s + 0.1
    return s


def two(x, n):
    a = x
    b = 1.0
    for i in range(n):
        a, b = a * 0.5 + b, b * 0.9 - a * 0.1
    return (a, b)


def fit_arrays(p, q):
    xs = np.array([1.0, 2.0, 3.0])
    w = np.array([p, q, 0.5])
    for i in range(4):
        w = w - 0.1 * (w * xs - xs) * xs
    return np.sum(w * w)


def main():
    print(grad(euler, (0, 1, 2, 3))(1.0, 0.0, 4.0, 0.1, 0.01, 50))
    print(value_and_grad(euler)(1.0, 0.0, 4.0, 0.1, 0.01, 50))
    print(grad(euler, (0, 1, 2, 3))(1.0, 0.0, 4.0, 0.1, 0.01, 0))
    print(grad(damped)(0.9, 7))
    print(value_and_grad(damped)(0.9, 0))
    print(grad(nested)(0.3, 4, 3))
    print(grad(branchy)(0.7, 5))
    print(jacrev(two)(0.3, 6))
    print(value_and_grad(fit_arrays, (0, 1))(0.5, 0.2))

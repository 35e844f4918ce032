"""Newton's method: square roots and the root of a cubic.

    myia run examples/newton.py
"""

TOL = 1e-12


def newton(f, df, x0, steps=50):
    """Iterates x <- x - f(x) / df(x) until the step is below TOL."""
    x = x0
    for i in range(steps):
        step = f(x) / df(x)
        x = x - step
        if abs(step) < TOL:
            return x, i + 1
    return x, steps


def sqrt(a):
    root, _ = newton(lambda x: x * x - a, lambda x: 2.0 * x, a)
    return root


def main():
    for a in (2.0, 9.0, 10.0):
        print("sqrt", a, "=", sqrt(a))
    # x^3 - 2x - 5 = 0, Wallis's example
    root, steps = newton(lambda x: x * x * x - 2.0 * x - 5.0, lambda x: 3.0 * x * x - 2.0, 2.0)
    print("root of x^3 - 2x - 5:", root, "after", steps, "steps")

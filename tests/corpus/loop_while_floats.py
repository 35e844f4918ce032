"""while loops driven by float conditions."""


def steps_to_converge(x, tol):
    n = 0
    while abs(x * x - 2.0) > tol:
        x = 0.5 * (x + 2.0 / x)
        n += 1
    return n


def geometric_sum(r, tol):
    term = 1.0
    s = 0.0
    while term > tol:
        s += term
        term *= r
    return s


def main():
    print(steps_to_converge(1.0, 1e-12), steps_to_converge(100.0, 1e-12))
    print(geometric_sum(0.5, 1e-10))
    print(geometric_sum(0.25, 0.001))
    x = 0.0
    while x < 1.0:
        x += 0.125
    print(x)

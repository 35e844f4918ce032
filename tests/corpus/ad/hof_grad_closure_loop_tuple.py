# fd: at [0.5]
# fd: scaled [0.5, 2.0]
"""grad of a closure that captures a tuple built by a loop in the
function that makes it: after the typed inliner, the closure captures
the node the loop's last step computed, which stands for the
parameter its J graph's free variable is keyed by (opt/unit.go,
stands). It was J at run time, refused natively."""
from myia import grad


def make(n):
    coeffs = ()
    for i in range(n):
        coeffs = coeffs + (float(i + 1),)

    def p(x):
        s = 0.0
        for c in coeffs:
            s = s * x + c
        return s

    return p


def make_scaled(n, k):
    ws = ()
    for i in range(n):
        ws = ws + (k * (i + 1),)
    return lambda x: ws[0] * x + ws[1] * x * x


def at(x):
    return grad(make(3))(x)


def scaled(x, k):
    return grad(make_scaled(2, k))(x)


def main():
    print(at(0.5))
    print(grad(make(4))(-1.5))
    print(scaled(0.5, 2.0))

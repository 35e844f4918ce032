# fd: f [[0.5, 1.5, -1.0], 2.0]
# vjp with a tuple primal: its cotangent is a tuple too.
from myia import vjp


def f(t, s):
    return t[0] * t[1] * s + t[2] * s * s


def main():
    out, pb = vjp(f, (0.5, 1.5, -1.0), 2.0)
    print(out)
    print(pb(1.0))

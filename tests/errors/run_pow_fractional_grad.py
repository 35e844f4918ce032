# error: 9:12: negative number cannot be raised to a fractional power
"""An error raised in a tangent rule the optimizer inlined (x ** 0.5 of
a negative x under grad) is at the user's expression, not in
<stdlib>/tangents.py."""
from myia import grad


def f(x):
    return x ** 0.5


def main():
    print(grad(f)(-1.0))

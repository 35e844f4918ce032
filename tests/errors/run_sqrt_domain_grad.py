# error: 12:11: math domain error
# stdout: 0.25\n
"""grad of math.sqrt, a function value, at a negative number: the error
raised in the tangent rule the optimizer inlined is at the user's call
(it had no position)."""
import math
from myia import grad


def main():
    print(grad(math.sqrt)(4.0))
    print(grad(math.sqrt)(-4.0))

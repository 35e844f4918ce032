"""pass, assert that holds, and docstrings."""


def nothing():
    """Does nothing at all."""
    pass


def checked_sqrt(x):
    """Newton iteration for the square root of a positive x."""
    assert x > 0.0, "x must be positive"
    y = x
    for i in range(30):
        y = 0.5 * (y + x / y)
    assert abs(y * y - x) < 1e-9 * x
    return y


def main():
    """The entry point."""
    nothing()
    for i in range(3):
        if i == 1:
            pass
        else:
            print("i =", i)
    print(checked_sqrt(2.0), checked_sqrt(16.0))
    assert 1 + 1 == 2, "arithmetic is broken"
    print("done")

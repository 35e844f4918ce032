# error: 11:5: assertion failed: no value
# stdout: 9.0\n12.0\n
"""An assert that a value is not None narrows it after the assert; the
assert still fails where the value is None, after what came before."""


def checked(k):
    v = None
    if k > 2:
        v = k * 1.5
    assert v is not None, "no value"
    return v * 2


def main():
    print(checked(3))
    print(checked(4))
    print(checked(1))

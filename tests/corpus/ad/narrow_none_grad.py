# fd: loss [4.0]
# fd: loss [1.0]
# fd: guarded [3.5, 0.5]
# Gradients through a value that may be None, narrowed by `is None` and
# `is not None` (the narrowed value is the value: its sensitivity flows
# back to it), with an early return, `and`, and a loop that skips None.
from myia import grad, value_and_grad


def maybe(x):
    if x > 2:
        return x * 1.5
    return None


def loss(x):
    v = maybe(x)
    if v is None:
        return 0.0
    return v * v + x


def guarded(x, y):
    v = maybe(x)
    s = 0.0
    if v is not None and v > 1:
        s = v * y
    for k in range(3):
        w = maybe(x + k - 2)
        if w is None:
            continue
        s = s + w * w * y
    return s


def main():
    print(loss(4.0), loss(1.0), guarded(3.5, 0.5), guarded(1.0, 2.0))
    print(grad(loss)(4.0), grad(loss)(1.0))
    print(grad(guarded, (0, 1))(3.5, 0.5), value_and_grad(guarded)(1.0, 2.0))

# fd: guarded [0.7]
# fd: guarded [1.3]
# fd: best_of [0.7]
# fd: largest [0.7]
# fd: smallest [0.7]
# Gradients of functions that assert before a loop with a branch, and of
# max/min over a tuple or list (a loop with a branch in the stdlib). The
# assert must stay, and the loop's value with it, though the gradient
# does not read the value.
from myia import grad


def guarded(x):
    assert x > 0.0, "x must be positive"
    s = 0.0
    for v in (x, 2.0 * x, x * x):
        if v > 1.0:
            s = s + v
    return s


def best_of(x):
    best = -100.0
    for v in (x, 2.0 * x, 1.0):
        if v > best:
            best = v
    return best


def largest(x):
    return max((x, 2.0 * x, 1.0))


def smallest(x):
    return min([x, -x, x * x])


def main():
    print(grad(guarded)(0.7))
    print(grad(guarded)(1.3))
    print(grad(best_of)(0.7))
    print(grad(largest)(0.7))
    print(grad(smallest)(0.7))
    print(grad(lambda x: max(x, 2.0 * x, 1.0))(0.7))

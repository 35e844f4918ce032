# fd: f [0.5, 0.0]
# fd: twice [0.3, -0.4]
# A checkpointed function called on its own result: the custom rule
# of checkpoint(cell) must survive the optimizer, which once inlined
# the rule's only visible call and emptied it, though J of cell's
# checkpoint still called it ('None' object is not subscriptable).
from myia import grad, checkpoint


def cell(h, w):
    return (h + w) * (h + w)


def f(w, z):
    c = checkpoint(cell)
    return c(c(0.5, w), w)


def twice(a, b):
    c = checkpoint(cell)
    return c(a, b) * c(b, a) + c(c(a, b), a)


def main():
    print(f(0.5, 0.0))
    print(grad(f, (0, 1))(0.5, 0.0))
    print(grad(twice, (0, 1))(0.3, -0.4))

"""A closure sees the values its free variables had when it was created;
these programs never rebind a captured variable before the call."""


def make_linear(a):
    b = a * 2

    def f(x):
        return a * x + b

    return f


def apply_all(x):
    f1 = make_linear(1)
    f2 = make_linear(2)
    f3 = make_linear(3)
    return (f1(x), f2(x), f3(x))


def main():
    print(apply_all(0), apply_all(10))
    y = 5
    g = lambda t: t + y
    print(g(1))
    z = 2.5
    h = lambda t: t * z
    w = h(4.0)
    print(w)

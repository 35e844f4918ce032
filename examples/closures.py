"""Functions as values: closures, composition, currying.

    myia run examples/closures.py
    myia ir examples/closures.py --fn make_adder
"""


def make_adder(n):
    def add(x):
        return x + n
    return add


def compose(f, g):
    return lambda x: f(g(x))


def repeat(f, times):
    def run(x):
        for _ in range(times):
            x = f(x)
        return x
    return run


def curry(f):
    return lambda a: lambda b: f(a, b)


def main():
    add3 = make_adder(3)
    double = lambda x: 2 * x
    print(add3(4), compose(add3, double)(5), compose(double, add3)(5))
    print(repeat(double, 10)(1))
    mul = curry(lambda a, b: a * b)
    print(mul(6)(7))
    fs = (add3, double, compose(add3, add3))
    total = 0
    for f in fs:
        total = total + f(1)
    print("total", total)

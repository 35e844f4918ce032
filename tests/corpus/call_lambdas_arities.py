"""A list or tuple of functions of different arities: a call need only
fit the function it calls at run time (a call of another is Python's
TypeError at run time: errors/run_lambda_arity.py)."""


def first(fs, x):
    return fs[0](x)


def main():
    print([lambda x: x + 1, lambda x, y: x][0](1))
    gs = [lambda x: x * 2.0, lambda x, y: x + y, lambda x, y=1.0: x - y]
    for i in range(3):
        if i == 0:
            print(gs[i](3.0))
        else:
            print(gs[i](3.0, 4.0))
    print(gs[2](1.0))
    print(first([lambda a: a * a, lambda a, b, c: a], 5))
    hs = [abs, lambda x, y: x * y]
    print(hs[0](-2.5))

"""Function values called with arguments of different types: each call
runs the code specialised for its own types."""


def compose(f, g):
    return lambda x: f(g(x))


def church(n):
    def apply_n(f):
        def run(x):
            i = 0
            while i < n:
                x = f(x)
                i = i + 1
            return x
        return run
    return apply_n


def pick(k, fs):
    return fs[k]


def main():
    ident = lambda x: x
    f = ident
    for i in range(3):
        f = ident
    print(f(2), f(1.5), f(True))
    sq = lambda x: x * x
    print(sq(3), sq(0.5))
    h = compose(sq, lambda y: y + 1)
    print(h(2), h(2.5))
    three = church(3)
    print(three(lambda x: x * 2)(1), three(lambda x: x * 2)(0.25))
    double = lambda x: x + x
    print(three(double)(5), three(double)(1.5))
    fs = (sq, double)
    g = pick(1, fs)
    print(g(7), g(0.5))
    scale = 3
    mul = lambda x, y=scale: x * y
    print(mul(2), mul(0.5), mul(2, 0.5))
    m = max
    print(m(3, 4), m(2.5, -1.0), m(1, 2.5))

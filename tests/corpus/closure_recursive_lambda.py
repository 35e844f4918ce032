"""A lambda assigned to a name that calls itself by that name, as
CPython's late binding allows: factorial, fibonacci, a lambda that
captures other variables, one rebound over an older lambda of the same
name, one passed to a higher-order function, and one made in a loop."""


def apply_twice(f, x):
    return f(f(x))


def main():
    fact = lambda n: 1 if n <= 1 else n * fact(n - 1)
    print(fact(10), fact(1))
    fib = lambda n: n if n < 2 else fib(n - 1) + fib(n - 2)
    print(fib(15))
    step = 3
    countdown = lambda n, acc=0: acc if n <= 0 else countdown(n - step, acc + n)
    print(countdown(10), countdown(10, 100))
    g = lambda x: x
    g = lambda x: x if x > 5.0 else g(x * 2.0)
    print(g(0.75), apply_twice(fact, 3))
    total = 0
    for k in range(1, 4):
        pw = lambda n: 1 if n == 0 else k * pw(n - 1)
        total += pw(3)
    print(total)

    def outer(x):
        half = lambda v: v if v < 1.0 else half(v / 2.0)
        return half(x)
    print(outer(100.0))

# Values whose type changes at each iteration or level, over a number of
# iterations or levels known at compile time: a closure rebound to a
# closure wrapping it, a recursion building a nested tuple. Each iteration
# (each level) gets a type of its own.


def compose(f, g):
    return lambda x: f(g(x))


def double(f):
    return lambda x: 2.0 * f(x)


def composed(x):
    h = lambda y: y
    for i in range(3):
        h = compose(h, lambda y: y * 2.0 + 1.0)
    return h(x)


def doubled(x):
    h = lambda y: y + 1.0
    i = 0
    while i < 4:
        h = double(h)
        i += 1
    return h(x)


def build(n):
    if n == 0:
        return None
    return (n, build(n - 1))


def total(t):
    if t is None:
        return 0
    return t[0] + total(t[1])


def main():
    print(composed(0.5))
    print(doubled(0.25))
    print(build(2))
    print(total(build(4)))
    print(total(build(0)))

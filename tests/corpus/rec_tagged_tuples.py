"""Recursion over tuples tagged by an int: an expression tree whose
first element says what the node is (a number, a sum, a product). The
tag selects the branch at compile time once the recursion keeps its
constants, as a None leaf does; without them the branches had
different types (a float, a tuple)."""

NUM = 0
ADD = 1
MUL = 2


def ev(e):
    op = e[0]
    if op == NUM:
        return e[1]
    if op == ADD:
        return ev(e[1]) + ev(e[2])
    return ev(e[1]) * ev(e[2])


def depth(e):
    if e[0] == NUM:
        return (e[1],)
    return (depth(e[1]), depth(e[2]))


def build(n):
    if n == 0:
        return (NUM, 1.5)
    return (ADD, build(n - 1), (MUL, (NUM, 2.0), (NUM, float(n))))


def main():
    e = (ADD, (NUM, 2.0), (MUL, (NUM, 3.0), (NUM, 4.0)))
    print(ev(e), ev((NUM, 7)), ev((MUL, (NUM, 2), (NUM, 5))))
    print(depth(e))
    print(ev(build(3)), depth(build(2)))

# fd: f [[0.5, 1.5, -2.0, 0.25]]
# Indexing, slicing and concatenating tuples inside a differentiated function.
from myia import grad


def f(t):
    head = t[:2]
    tail = t[2:]
    u = tail + head
    return u[0] * u[1] + u[2] * u[3] * t[-1] + len(u) * t[1]


def main():
    print(grad(f)((0.5, 1.5, -2.0, 0.25)))

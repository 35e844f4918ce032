"""== and != of lists whose length is known at run time only (a list
grown in a loop), with the empty list, a list literal, or another such
list; natively too (a loop over the elements once the lengths agree)."""


def evens(n):
    out = []
    for i in range(n):
        if i % 2 == 0:
            out = out + [i]
    return out


def halves(n):
    out = []
    for i in range(n):
        out = out + [i / 2]
    return out


def main():
    z = evens(0)
    e = evens(5)
    print(z == [], e == [], e != [], [] != z, z == z)
    print(e == [0, 2, 4], e == [0, 2], [0, 2, 4.0] == e, e != [0, 2, 5])
    print(e == evens(6), e != evens(4), e == evens(7), halves(3) == [0.0, 0.5, 1.0])
    print(evens(4) == halves(1), halves(5) == halves(5), halves(2) != [0, 0.5])

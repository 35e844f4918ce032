# error: 10:11: slice step cannot be zero
"""A slice step of zero, known at run time only, of a list a loop grows."""


def main():
    xs = [1.0]
    for i in range(3):
        xs = xs + [xs[-1] * 2.0]
    k = len(xs) - 4
    print(xs[::k])

# error: 9:5: assertion failed: empty
# stdout: 1\n
"""An assert before an index of an empty list: -O2 dropped the assert
(the index, of type Bottom, stood for the depend that held it), and the
error was the index's."""


def first(xs):
    assert len(xs) > 0, "empty"
    return xs[0]


def main():
    print(first([1]))
    print(first([]))

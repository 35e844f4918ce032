# error: 7:5: append
"""Lists are immutable: there is no append."""


def main():
    xs = [1, 2]
    xs.append(3)
    print(xs)

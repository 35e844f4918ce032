"""abs, min and max with several arguments and over tuples and lists."""


def main():
    print(abs(-7), abs(7), abs(-2.5), abs(0), abs(-0.0))
    print(min(3, 1, 2), max(3, 1, 2), min(4, 9), max(-1, -5))
    print(min(2.5, 1.5), max(0.1, 0.2, 0.3))
    print(min((5, 3, 8)), max((5, 3, 8)), min([2.5, -1.5]), max([2.5, -1.5]))
    t = (7, -3, 12, 0)
    print(max(t) - min(t), abs(min(t)))
    print(max(abs(-4), abs(3)), min(max(1, 2), max(0, 5)))
    print(min(-0.5, -0.25, -0.75), max(10, 10))

"""print with several arguments of several types."""


def main():
    print("hello")
    print("a", 1, 2.5, True, None)
    print(1, (2, 3), [4, 5])
    print('single quotes', "double quotes")
    print()
    print(0.1, 0.5, 100.0, 1e-05, 1e+16, -0.0)
    print("x =", 3, "y =", -4.25)
    print(((1, 2.0), [True]), "end")
    print(1e+300 > 1e+299, 2 ** 62)

"""Printing tuples: nesting, floats, bools, None and singletons."""


def main():
    print((1, 2.0, True, None))
    print(((1, 2), (3.5, (False,)), ()))
    print((0.1, 1e-05, 1e+16, -0.0))
    print((1,), ((),), (((1,),),))
    print((1, 2), (3, 4))
    print(([1, 2], [0.5]))

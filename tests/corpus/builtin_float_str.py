"""float() of a string constant: float("inf") to start a search for a
minimum, "-inf", "nan", and numbers with spaces around; natively too
(the string is known at compile time)."""


def argmin(xs):
    best = float("inf")
    arg = -1
    for i, x in enumerate(xs):
        if x < best:
            best = x
            arg = i
    return arg, best


def main():
    print(argmin((3.0, -1.0, 2.0)), argmin(()), argmin([2.5, 2.5]))
    nan = float("nan")
    print(float("-inf"), -float("inf"), nan != nan, nan == nan)
    print(float(" 2.5 "), float("1e3"), float("-0.0"), float("Infinity"), float("1e400"))

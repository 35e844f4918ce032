"""and/or short-circuit: the right operand runs only when needed."""


def yes(tag):
    print("yes", tag)
    return True


def no(tag):
    print("no", tag)
    return False


def safe_ratio_big(n, d):
    return d != 0 and n // d > 2


def main():
    print(no(1) and yes(2))
    print(yes(3) or no(4))
    print(yes(5) and no(6) or yes(7))
    print(safe_ratio_big(10, 0), safe_ratio_big(10, 3), safe_ratio_big(10, 4))

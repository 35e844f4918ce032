"""Mutual recursion."""


def is_even(n):
    if n == 0:
        return True
    return is_odd(n - 1)


def is_odd(n):
    if n == 0:
        return False
    return is_even(n - 1)


def hofstadter_f(n):
    if n == 0:
        return 1
    return n - hofstadter_m(hofstadter_f(n - 1))


def hofstadter_m(n):
    if n == 0:
        return 0
    return n - hofstadter_f(hofstadter_m(n - 1))


def main():
    print(is_even(0), is_even(7), is_even(10), is_odd(7), is_odd(100))
    print(is_even(501), is_odd(501))
    fs = [hofstadter_f(0)]
    ms = [hofstadter_m(0)]
    for n in range(1, 12):
        fs = fs + [hofstadter_f(n)]
        ms = ms + [hofstadter_m(n)]
    print(fs)
    print(ms)

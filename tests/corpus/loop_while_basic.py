"""Basic while loops."""


def sum_to(n):
    s = 0
    i = 1
    while i <= n:
        s += i
        i += 1
    return s


def halvings(x):
    n = 0
    while x > 1.0:
        x = x / 2.0
        n += 1
    return n


def main():
    print(sum_to(10), sum_to(100), sum_to(0))
    print(halvings(1.0), halvings(1000.0), halvings(1e+16))
    k = 3
    while k > 0:
        print("k", k)
        k -= 1
    print("after", k)

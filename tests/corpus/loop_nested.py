"""Nested loops."""


def triangle(n):
    c = 0
    for i in range(n):
        for j in range(i):
            c += 1
    return c


def table_sum(n):
    s = 0
    for i in range(1, n + 1):
        for j in range(1, n + 1):
            s += i * j
    return s


def main():
    print(triangle(0), triangle(1), triangle(5), triangle(100))
    print(table_sum(3), table_sum(10))
    for i in range(3):
        row = 0
        for j in range(3):
            k = 0
            while k < j:
                row += i + k
                k += 1
        print(i, row)

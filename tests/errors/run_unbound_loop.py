# error: 8:12: cannot access local variable 'total' where it is not associated with a value
"""A name bound only inside a loop, read after a loop that ran no iteration."""


def last_total(n):
    for i in range(n):
        total = i * 2
    return total


def main():
    print(last_total(3))
    print(last_total(0))

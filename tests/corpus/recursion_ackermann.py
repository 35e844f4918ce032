"""The Ackermann function for small arguments."""


def ack(m, n):
    if m == 0:
        return n + 1
    if n == 0:
        return ack(m - 1, 1)
    return ack(m - 1, ack(m, n - 1))


def main():
    for m in range(3):
        print(m, ack(m, 0), ack(m, 1), ack(m, 2), ack(m, 3))
    print(ack(3, 3))

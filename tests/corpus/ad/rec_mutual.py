# fd: ping [0.4, 5]
# fd: ping [1.2, 4]
# Mutual recursion: ping calls pong calls ping.
import math
from myia import grad


def ping(x, n):
    if n == 0:
        return x
    return math.sin(pong(x, n - 1)) + x


def pong(x, n):
    if n == 0:
        return x * x
    return math.cos(ping(x * 0.5, n - 1)) * x


def main():
    for n in (0, 1, 2, 5):
        print(n, grad(ping)(0.4, n))
    print(grad(ping)(1.2, 4))

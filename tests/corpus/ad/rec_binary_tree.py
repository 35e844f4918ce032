# fd: tree [0.8, 5]
# A recursion with two calls of different arguments (a binary tree of calls).
import math
from myia import grad


def tree(x, d):
    if d == 0:
        return math.cos(x)
    return tree(x * 0.5, d - 1) * tree(x + 0.1, d - 1) + x


def main():
    for d in (0, 1, 3, 5):
        print(d, grad(tree)(0.8, d))

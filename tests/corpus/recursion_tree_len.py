"""A tree of nested tuples: a leaf is (value,), a node is (left, value, right).
The base case is selected by len(t), known at compile time."""

TREE = (((1,), 2, (3,)), 4, ((5,), 6, ((7,), 8, (9,))))


def tree_sum(t):
    if len(t) == 1:
        return t[0]
    return tree_sum(t[0]) + t[1] + tree_sum(t[2])


def depth(t):
    if len(t) == 1:
        return 1
    return 1 + max(depth(t[0]), depth(t[2]))


def leaves(t):
    if len(t) == 1:
        return 1
    return leaves(t[0]) + leaves(t[2])


def scale(t, k):
    if len(t) == 1:
        return (t[0] * k,)
    return (scale(t[0], k), t[1] * k, scale(t[2], k))


def main():
    print(tree_sum(TREE), depth(TREE), leaves(TREE))
    small = ((1.5,), 2.5, (3.0,))
    print(tree_sum(small), depth(small))
    print(scale(small, 2.0))
    print(tree_sum(scale(TREE, 10)))

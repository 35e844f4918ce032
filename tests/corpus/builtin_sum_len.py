"""sum and len over tuples and lists."""


def main():
    print(sum((1, 2, 3)), sum([10, 20, 30, 40]), sum(()))
    print(sum((0.5, 0.25, 0.125)), sum([1.5, 2.5]))
    print(len((1, 2, 3)), len([1]), len(()), len(((1, 2), (3, 4))))
    t = (4, 5, 6)
    print(sum(t) / len(t), sum(t) // len(t))
    xs = [1, 2] + [3, 4]
    print(sum(xs), len(xs), len(xs + xs))

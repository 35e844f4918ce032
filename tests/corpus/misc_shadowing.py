"""Local names, parameters and shadowing of top-level constants."""

X = 100


def use_global():
    return X + 1


def shadow(X):
    return X * 2


def local_shadow():
    X = 5
    return X


def nested():
    y = 1

    def inner(y):
        return y + 10

    return inner(y + 1) + y


def main():
    print(use_global(), shadow(3), local_shadow(), X)
    print(nested())
    abs_ = abs(-3)
    print(abs_)

# fd: f [3.0]
# A list of lambdas of different arities in differentiated code: each
# call fits the lambda it calls.
from myia import grad


def f(w):
    fs = [lambda x: x * w, lambda x, y: x * y * w]
    return fs[0](w) + fs[1](w, 2.0)


def main():
    print(f(3.0))
    print(grad(f)(3.0))

# fd: sigmoid [0.4]
# fd: softplus [-1.7]
# fd: f [0.6, -0.2]
# tanh, a sigmoid written with exp, softplus = log(1 + exp x).
import math
from myia import grad


def th(x):
    return math.tanh(x)


def sigmoid(x):
    return 1.0 / (1.0 + math.exp(-x))


def softplus(x):
    return math.log(1.0 + math.exp(x))


def f(x, y):
    return math.tanh(x * y + sigmoid(x)) * softplus(y)


def main():
    for x in (-2.0, 0.0, 0.4, 3.0):
        s = sigmoid(x)
        print(grad(th)(x), grad(sigmoid)(x), s * (1.0 - s), grad(softplus)(x))
    print(grad(f, (0, 1))(0.6, -0.2))

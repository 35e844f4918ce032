# fd: loss_s [0.1, 0.2]
# A loop over a tuple of closures made by one factory with captured
# values of different types (a float scale, an array of scales): each
# call through a helper, and grad of each, returns its own type; the
# loop is unrolled, one closure per iteration.
import numpy as np
from myia import grad


def make_model(scale):
    def model(w, x):
        return np.sum(np.tanh(x @ w) * scale)
    return model


def make_map(scale):
    def f(w):
        return w * scale
    return f


def evaluate(model, w, x):
    return model(w, x)


def apply(f, w):
    return f(w)


def grads(models, w, x):
    out = ()
    for m in models:
        out = out + (grad(m)(w, x),)
    return out


def loss_s(a, b):
    x = np.array([[1.0, 2.0], [3.0, -1.0]])
    total = 0.0
    for m in (make_model(1.0), make_model(np.array([2.0, -1.0]))):
        total = total + evaluate(m, np.array([a, b]), x)
    return total


def main():
    w = np.array([0.1, 0.2])
    x = np.array([[1.0, 2.0], [3.0, -1.0]])
    models = (make_model(1.0), make_model(np.array([2.0, -1.0])))
    for m in models:
        print(evaluate(m, w, x))
    print(grads((make_model(1.0), make_model(np.array([2.0, -1.0]))), w, x))
    for f in (make_map(1.0), make_map(np.array([2.0, -1.0]))):
        print(apply(f, 0.5))
    print(loss_s(0.1, 0.2))
    print(grad(loss_s, (0, 1))(0.1, 0.2))

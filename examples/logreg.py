"""Logistic regression trained by gradient descent.

    myia run examples/logreg.py

Two overlapping classes in the plane, made deterministically from np.sin
and np.cos of an arange; the model is p(y=1 | x) = sigmoid(x . w + b) and
the loss the mean negative log-likelihood, written with log1p for
stability.
"""
import numpy as np
from myia import value_and_grad

N = 30
STEPS = 80
LR = 0.5


def dataset():
    t = np.arange(N) * 1.0
    labels = np.where(np.sin(t * 0.9) > 0.0, 1.0, 0.0)
    centre = labels * 2.0 - 1.0
    x = np.stack([centre + np.cos(t * 1.7), centre * 0.5 + np.sin(t * 2.3)], axis=1)
    return x, labels


def softplus(z):
    """log(1 + exp(z)), stable for large |z|."""
    return np.maximum(z, 0.0) + np.log1p(np.exp(-np.abs(z)))


def nll(w, b, x, y):
    z = x @ w + b
    # -log sigmoid(z) = softplus(-z), -log(1 - sigmoid(z)) = softplus(z)
    return np.mean(y * softplus(-z) + (1.0 - y) * softplus(z))


def accuracy(w, b, x, y):
    return np.mean((x @ w + b > 0.0) == (y > 0.5))


def main():
    x, y = dataset()
    w = np.zeros(2)
    b = 0.0
    for step in range(STEPS):
        v, g = value_and_grad(nll, (0, 1))(w, b, x, y)
        gw, gb = g
        w = w - LR * gw
        b = b - LR * gb
        if step % 10 == 0:
            print("step", step, "loss", v)
    print("final loss", nll(w, b, x, y))
    print("weights", w[0], w[1], "bias", b)
    print("accuracy", accuracy(w, b, x, y))

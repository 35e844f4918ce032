"""A 2-layer perceptron (tanh hidden layer, softmax cross-entropy) trained
by plain gradient descent on two interleaved classes.

    myia run examples/mlp.py

The data are deterministic: two spiral arms made with np.sin and np.cos
of an arange, one per class. value_and_grad differentiates the loss with
respect to a tuple of parameter arrays; the gradient is a tuple of the
same structure.
"""
import numpy as np
from myia import value_and_grad

N = 20          # points per class
HIDDEN = 6
STEPS = 60
LR = 0.5


def dataset():
    t = np.arange(N) * (3.0 / N) + 0.3
    arm = np.stack([t * np.cos(t), t * np.sin(t)], axis=1) * 0.5
    x = np.concatenate([arm, -arm])
    labels = np.concatenate([np.zeros(N), np.ones(N)])
    y = np.stack([1.0 - labels, labels], axis=1)
    return x, y


def init_params():
    w1 = np.sin(np.arange(2 * HIDDEN).reshape(2, HIDDEN) * 1.7 + 0.4)
    b1 = np.zeros(HIDDEN)
    w2 = np.cos(np.arange(HIDDEN * 2).reshape(HIDDEN, 2) * 2.3) * 0.5
    b2 = np.zeros(2)
    return (w1, b1, w2, b2)


def logits(params, x):
    w1, b1, w2, b2 = params
    h = np.tanh(x @ w1 + b1)
    return h @ w2 + b2


def loss(params, x, y):
    """Mean softmax cross-entropy, with a stable log-sum-exp."""
    z = logits(params, x)
    m = np.max(z, axis=1, keepdims=True)
    lse = np.log(np.sum(np.exp(z - m), axis=1, keepdims=True)) + m
    return -np.mean(np.sum(y * (z - lse), axis=1))


def accuracy(params, x, y):
    z = logits(params, x)
    return np.mean((z[:, 1] > z[:, 0]) == (y[:, 1] > 0.5))


def sgd(params, grads, lr):
    w1, b1, w2, b2 = params
    g1, gb1, g2, gb2 = grads
    return (w1 - lr * g1, b1 - lr * gb1, w2 - lr * g2, b2 - lr * gb2)


def train(params, x, y, steps, lr):
    for step in range(steps):
        v, g = value_and_grad(loss)(params, x, y)
        if step % 10 == 0:
            print("step", step, "loss", v)
        params = sgd(params, g, lr)
    return params


def main():
    x, y = dataset()
    params = init_params()
    print("accuracy before", accuracy(params, x, y))
    params = train(params, x, y, STEPS, LR)
    print("final loss", loss(params, x, y))
    print("accuracy after", accuracy(params, x, y))

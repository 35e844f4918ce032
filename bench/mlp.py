"""Benchmark: an MLP 784-256-10 (tanh hidden layer, softmax cross-entropy)
on a batch of 128, the loss and its gradient, in the myia subset.

    myia run bench/mlp.py --entry mlp_loss --bench 10
    myia run bench/mlp.py --entry mlp_grad --bench 10

Each entry takes its arguments from ENTRY_inputs() (deterministic, the
same as bench/torch/mlp.py builds). Under CPython the reference myia
module differentiates by finite differences, so do not time mlp_grad there.
main() evaluates the loss once at the benchmark size and the gradient on a
tiny instance.
"""
import numpy as np
from myia import grad

BATCH = 128
N_IN = 784
N_HIDDEN = 256
N_OUT = 10


def mlp_loss(params, x, y):
    w1, b1, w2, b2 = params
    h = np.tanh(x @ w1 + b1)
    z = h @ w2 + b2
    m = np.max(z, axis=1, keepdims=True)
    lse = np.log(np.sum(np.exp(z - m), axis=1, keepdims=True)) + m
    return -np.mean(np.sum(y * (z - lse), axis=1))


def mlp_grad(params, x, y):
    return grad(mlp_loss)(params, x, y)


def make_inputs(batch, n_in, n_hidden, n_out):
    w1 = np.sin(np.arange(n_in * n_hidden).reshape(n_in, n_hidden) * 0.001) * 0.05
    b1 = np.cos(np.arange(n_hidden) * 0.1) * 0.01
    w2 = np.cos(np.arange(n_hidden * n_out).reshape(n_hidden, n_out) * 0.01) * 0.1
    b2 = np.zeros(n_out)
    x = np.sin(np.arange(batch * n_in).reshape(batch, n_in) * 0.0007) * 0.5 + 0.5
    labels = np.arange(batch) % n_out
    y = np.where(labels.reshape(batch, 1) == np.arange(n_out), 1.0, 0.0)
    return ((w1, b1, w2, b2), x, y)


def mlp_loss_inputs():
    return make_inputs(BATCH, N_IN, N_HIDDEN, N_OUT)


def mlp_grad_inputs():
    return make_inputs(BATCH, N_IN, N_HIDDEN, N_OUT)


def main():
    params, x, y = mlp_loss_inputs()
    print("loss", mlp_loss(params, x, y))
    small, xs, ys = make_inputs(4, 5, 3, 2)
    w1, b1, w2, b2 = small
    small = (np.sin(np.arange(15).reshape(5, 3) * 1.1), b1, np.cos(np.arange(6).reshape(3, 2) * 0.8), b2 + 0.1)
    xs = np.sin(np.arange(20).reshape(4, 5) * 0.9)
    print("small loss", mlp_loss(small, xs, ys))
    g1, gb1, g2, gb2 = mlp_grad(small, xs, ys)
    print("small grad", np.sum(g1 * g1), np.sum(gb1 * gb1), np.sum(g2 * g2), np.sum(gb2 * gb2))

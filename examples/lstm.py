"""An LSTM language-model loss in ADBench's style, and its gradient.

    myia run examples/lstm.py

As in ADBench's lstm objective: L stacked LSTM layers whose weights are
elementwise (each layer has a weight and a bias vector of length 4b, for
the forget, input and output gates and the cell change), an input and
output scaling w2 = (input weight, output weight, output bias), and a loss
that predicts each character of a sequence (one row per step) from the
previous one: minus the mean of ygold * (ypred - log(sum(exp(ypred)) + 2)),
where ADBench's logsumexp adds 2.

Differences from ADBench's Python code, none of which changes the value:
the state is two (L, b) arrays (hidden and cell) instead of a list of 2L
rows, and a layer's new row is added into a zero array through
np.outer(np.eye(L)[i], row) rather than stored by item assignment.
"""
import numpy as np
from myia import grad, value_and_grad


def sigmoid(x):
    return 1.0 / (1.0 + np.exp(-x))


def lstm_model(weight, bias, hidden, cell, inp):
    b = hidden.shape[0]
    gates = np.concatenate([inp, hidden, inp, hidden]) * weight + bias
    forget = sigmoid(gates[0:b])
    ingate = sigmoid(gates[b:2 * b])
    outgate = sigmoid(gates[2 * b:3 * b])
    change = np.tanh(gates[3 * b:])
    cell = cell * forget + ingate * change
    hidden = outgate * np.tanh(cell)
    return hidden, cell


def lstm_predict(w, w2, hs, cs, x):
    """One step through the L layers: (prediction, new hidden, new cell)."""
    layers = hs.shape[0]
    eye = np.eye(layers)
    x = x * w2[0]
    new_h = np.zeros_like(hs)
    new_c = np.zeros_like(cs)
    for i in range(layers):
        h, c = lstm_model(w[2 * i], w[2 * i + 1], hs[i], cs[i], x)
        new_h = new_h + np.outer(eye[i], h)
        new_c = new_c + np.outer(eye[i], c)
        x = h
    return x * w2[1] + w2[2], new_h, new_c


def lstm_objective(w, w2, hs, cs, sequence):
    total = 0.0
    count = 0
    inp = sequence[0]
    for t in range(len(sequence) - 1):
        ypred, hs, cs = lstm_predict(w, w2, hs, cs, inp)
        ynorm = ypred - np.log(np.sum(np.exp(ypred)) + 2.0)
        ygold = sequence[t + 1]
        total = total + np.sum(ygold * ynorm)
        count = count + ygold.shape[0]
        inp = ygold
    return -total / count


def lstm_inputs(layers, steps, b):
    """Deterministic inputs: (w, w2, hidden, cell, sequence) for L layers,
    a sequence of `steps` rows of b characters (ADBench: 2, 1024, 14)."""
    w = np.sin(np.arange(2 * layers * 4 * b).reshape(2 * layers, 4 * b) * 0.37) * 0.5
    w2 = np.cos(np.arange(3 * b).reshape(3, b) * 0.53) * 0.5 + 0.5
    hs = np.sin(np.arange(layers * b).reshape(layers, b) * 0.71) * 0.1
    cs = np.cos(np.arange(layers * b).reshape(layers, b) * 0.29) * 0.1
    sequence = np.sin(np.arange(steps * b).reshape(steps, b) * 0.13) * 0.5 + 0.5
    return (w, w2, hs, cs, sequence)


def norm(a):
    return np.sqrt(np.sum(a * a))


def main():
    w, w2, hs, cs, seq = lstm_inputs(2, 5, 3)
    print("loss", lstm_objective(w, w2, hs, cs, seq))
    gw, gw2 = grad(lstm_objective, (0, 1))(w, w2, hs, cs, seq)
    print("|d w|", norm(gw), gw.shape)
    print("|d w2|", norm(gw2), gw2.shape)
    # a few steps of gradient descent on the weights
    for step in range(3):
        v, g = value_and_grad(lstm_objective, (0, 1))(w, w2, hs, cs, seq)
        gw, gw2 = g
        w = w - 0.5 * gw
        w2 = w2 - 0.5 * gw2
        print("step", step, "loss", v)
    print("loss after", lstm_objective(w, w2, hs, cs, seq))

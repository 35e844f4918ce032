# fd: conv_s [0.25, 0.5, 0.25]
# np.array of a list of numbers built by a loop, and reductions of such
# a list: the native backends refused both ("np.array of a list[float]",
# "a list[float] where an array or a number is expected"); the VM was
# right. A 1-d convolution computed one output at a time, and its
# gradient with respect to the kernel.
import numpy as np
from myia import grad


def trajectory(x0, n):
    xs = [x0]
    x = x0
    for i in range(n):
        x = 0.5 * x + 1.0
        xs = xs + [x]
    return xs


def squares(n):
    out = []
    for i in range(n):
        out = out + [i * i]
    return out


def conv1d(x, k):
    out = []
    for i in range(x.shape[0] - k.shape[0] + 1):
        out = out + [np.sum(x[i:i + k.shape[0]] * k)]
    return np.array(out)


def conv_s(a, b, c):
    x = np.sin(np.arange(8) * 0.5)
    return np.sum(conv1d(x, np.array([a, b, c])) ** 2)


def main():
    xs = trajectory(0.0, 4)
    print(np.array(xs))
    print(np.mean(xs), np.max(xs), np.min(xs), np.sum(xs), np.prod(xs[1:]))
    sq = squares(5)
    print(np.array(sq), np.sum(sq), np.max(sq), np.mean(sq))
    print(np.array(squares(0)), np.sum(trajectory(1.0, 0)))
    x = np.sin(np.arange(8) * 0.5)
    k = np.array([0.25, 0.5, 0.25])
    print(conv1d(x, k))
    print(grad(lambda kk: np.sum(conv1d(x, kk) ** 2))(k))

# fd: un [0.3, 0.8]
# The elementwise numpy functions: exp log sqrt sin cos tanh abs log1p
# expm1, on 1-d and 2-d arrays, on int arrays (float results, abs stays
# int), and on plain floats.
import numpy as np


def un(a, b):
    x = np.array([a, b])
    y = np.exp(x) + np.log(x + 1.0) + np.sqrt(x) + np.sin(x) * np.cos(x)
    return np.sum(y + np.tanh(x) + np.abs(x - 0.5) + np.log1p(x) + np.expm1(x))


def main():
    x = np.array([0.25, 0.5, 1.0, 2.0])
    print(np.exp(x))
    print(np.log(x))
    print(np.sqrt(x))
    print(np.sin(x))
    print(np.cos(x))
    print(np.tanh(x))
    print(np.abs(np.array([-1.5, 0.0, 2.5])))
    print(np.abs(np.array([-3, 4])))
    print(np.log1p(np.array([0.0, 1e-10, 1.0])))
    print(np.expm1(np.array([0.0, 1e-10, 1.0])))
    print(np.exp(np.arange(3)))
    print(np.sqrt(np.arange(4).reshape(2, 2)))
    print(np.exp(0.5), np.log(2.0), np.sqrt(2.0), np.tanh(1.0))
    print(un(0.3, 0.8))

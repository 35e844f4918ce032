# fd: mix [0.5]
# np.array of a list or a tuple that mixes arrays with lists and tuples
# ([np.arange(2), [5, 6]]), nested, and of lists mixing lists and tuples.
import numpy as np


def mix(x):
    a = np.array([x * np.ones(2), [x, 2.0]])
    b = np.array([[np.arange(2) * x, [1.0, x]], [[x, x], np.ones(2)]])
    return np.sum(a * a) + np.sum(b * np.arange(8).reshape(2, 2, 2))


def main():
    print(np.array([np.arange(2), [5, 6]]))
    print(np.array((np.arange(2), [5, 6])))
    print(np.array([[1, 2.5], np.arange(2)]))
    print(np.array([np.arange(3) > 1, [True, False, True]]))
    print(np.array(((np.arange(2), [5, 6]), [[7, 8], (9, 10)])))
    print(np.array([(np.arange(2), [5, 6]), [[7, 8], (9, 10)]]))
    print(np.array([[1, 2], (3, 4)]))
    l = [1.5, 2.5]
    print(np.array([np.zeros(2), l, (3, 4)]))
    print(mix(0.5))

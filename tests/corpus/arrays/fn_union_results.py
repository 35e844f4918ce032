# out: by hand: myia joins the results of a function value that may be several functions (int and float to float, as LANGUAGE.md says), where CPython prints each as it is
# fd: mixed [0.5, -1.5]
# Calls of a function value taken from a list or a tuple of functions
# that return an int and a float (an int array and a float array): the
# call is of the join of their results, a float (a float array), on the
# VM (whose optimizer kept the conversion after the call) as natively
# (which converted an int array's result by numpy's astype).
import numpy as np


def inc(v):
    return v + 1


def half(v):
    return v * 0.5


def mixed(a, b):
    x = np.array([a, b])
    s = 0.0
    for h in (inc, half):
        s = s + np.sum(h(x) * x)
    return s


def main():
    for h in [np.sum, np.mean]:
        print(h(np.arange(4)))
    for h in [lambda v: v + 1, lambda v: v * 0.5]:
        print(h(3))
    for h in (inc, half):
        print(h(np.arange(3)))
    for h in [lambda v: v > 1, lambda v: v + 1]:
        print(h(np.arange(3)))
    print(mixed(0.5, -1.5))

# error: 9:11: keepdims must be passed by keyword
"""np.sum's third positional parameter is dtype (np.max's, out), not
keepdims: np.sum(x, 0, True) raises a TypeError in numpy."""
import numpy as np


def main():
    x = np.ones((2, 3))
    print(np.sum(x, 0, True))

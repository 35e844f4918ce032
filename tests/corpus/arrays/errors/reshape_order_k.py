# error: 7:36: order 'K' is not permitted for reshaping
"""np.reshape with order='K': numpy raises."""
import numpy as np


def flat(x):
    return np.reshape(x, -1, order='K')


def main():
    print(flat(np.ones((2, 3))))

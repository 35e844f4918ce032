# error: 9:9: not enough values to unpack (expected 2, got 1)
# stdout: [1. 1.] [1. 1.]\n
"""Unpacking rows of arrays whose length is known only at run time."""
import numpy as np


def main():
    for k in range(3):
        a, b = np.ones((4, 2))[k + 2:]
        print(a, b)

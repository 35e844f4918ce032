# error: 9:9: cannot concatenate list[ndarray[int, (3,)]] and list[ndarray[float, (3,)]]
"""A list literal of an int array and a float array is a list of float
arrays (the int array is converted), but concatenating a list of int
arrays and a list of float arrays converts nothing: an error."""
import numpy as np


def main():
    m = [np.arange(3)] + [np.ones(3)]
    print(m)

# error: 10:13: changes type in the loop
"""Arrays of different dtypes join (an int array and a float array to a
float array), but not arrays of different ranks."""
import numpy as np


def f(n):
    x = np.arange(4)
    for i in range(n):
        x = np.ones((2, 2)) * 0.5
    return x


def main():
    for k in range(3):
        print(f(k))

# error: 7:12: method .astype() is not supported
"""Array methods outside LANGUAGE.md's list are refused at the call."""
import numpy as np


def main():
    return np.ones(3).astype(int)

# error: 7:12: np.linalg.norm is not supported
"""numpy's submodules are not part of the language: one error, at the call."""
import numpy as np


def main():
    return np.linalg.norm(np.ones(3))

# error: 4:1: import
"""Only numpy, math and myia may be imported."""

from os import path


def main():
    print(1)

# error: 4:1: import
"""Only numpy, math and myia may be imported."""

import os


def main():
    print(1)

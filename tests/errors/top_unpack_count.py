# error: 3:1: too many values to unpack (expected 2)
"""Unpacking a top-level constant tuple into too few names."""
W, H = (640, 480, 3)


def main():
    print(W)

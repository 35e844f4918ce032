# error: 4:5: too many values to unpack (expected 2)
"""Unpacking a tuple display of three values into two names."""
def main():
    a, b = (1, 2, 3)
    print(a, b)

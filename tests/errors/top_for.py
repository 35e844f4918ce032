# error: 4:1: top level
"""Loops are not allowed at top level."""

for i in range(3):
    pass


def main():
    print(1)

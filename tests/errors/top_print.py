# error: 4:1: top level
"""Printing at top level is a call at top level."""

print("hello")


def main():
    print(1)

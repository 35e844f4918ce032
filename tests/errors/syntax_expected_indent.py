# error: 6:1: expected an indented block
"""A def with an empty body."""


def main():
print(1)

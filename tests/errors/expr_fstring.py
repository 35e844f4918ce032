# error: 7:11: f-string
"""f-strings are outside the subset: strings are only literals to print."""


def main():
    x = 3
    print(f"x = {x}")

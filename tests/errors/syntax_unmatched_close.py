# error: 6:16: unmatched ')'
"""A closing parenthesis with no opening one."""


def main():
    x = (1 + 2))
    print(x)

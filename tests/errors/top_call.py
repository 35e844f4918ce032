# error: 9:1: top level
"""Calls are not allowed at top level: the harness calls main()."""


def main():
    print(1)


main()

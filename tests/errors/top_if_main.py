# error: 9:1: top level
"""The `if __name__` idiom is not allowed at top level."""


def main():
    print(1)


if __name__ == "__main__":
    main()

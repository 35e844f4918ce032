# error: 6:11: unterminated string
"""A string that never ends."""


def main():
    print("hello)

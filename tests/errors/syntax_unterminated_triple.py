# error: 6:5: unterminated triple-quoted string
"""A triple-quoted string that never ends."""


def main():
    """Docstring
    print(1)

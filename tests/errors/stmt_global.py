# error: 8:5: global
"""global is outside the subset."""

COUNT = 0


def bump():
    global COUNT
    return COUNT + 1


def main():
    print(bump())

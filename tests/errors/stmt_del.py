# error: 7:5: del
"""del is outside the subset."""


def main():
    x = 3
    del x
    print(1)

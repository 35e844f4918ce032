# error: 4:1: top level
"""while is not allowed at top level."""

while False:
    pass


def main():
    print(1)

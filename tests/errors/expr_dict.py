# error: 6:13: dict
"""Dict displays are outside the subset."""


def main():
    table = {1: 2.0, 3: 4.0}
    print(table)

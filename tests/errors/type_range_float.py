# error: 6:14: 'float' object cannot be interpreted as an integer
"""range() of a float, in a for loop."""


def main():
    for i in range(2.5):
        print(i)

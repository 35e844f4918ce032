# error: 8:7: unindent does not match
"""A dedent to a column no block started at."""


def main():
    if True:
        x = 1
      print(x)

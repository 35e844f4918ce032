# error: 7:9: unexpected indent
"""A line indented for no reason."""


def main():
    x = 3
        print(x)

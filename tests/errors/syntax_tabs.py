# error: 7:1: inconsistent use of tabs
"""One block indented with a tab, then with spaces."""


def main():
    if True:
	x = 1
        print(x)

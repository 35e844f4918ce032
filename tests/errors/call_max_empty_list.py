# error: 6:11: max() arg is an empty sequence
"""max of an empty list fails at run time in the stdlib's max: the error
is at the user's call (with the stdlib's line as a note)."""

def main():
    print(max([]))

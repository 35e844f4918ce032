# error: 5:11: min() arg is an empty sequence
"""min of an empty tuple: at the user's call, not in the stdlib's min."""

def main():
    print(min(()))

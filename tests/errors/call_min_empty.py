# error: 5:11: out of range
"""min of an empty tuple: at the user's call, not in the stdlib's min."""

def main():
    print(min(()))

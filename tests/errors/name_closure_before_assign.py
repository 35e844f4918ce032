# error: 9:16: 'k' is read by a closure defined before 'k' is assigned in main
"""A nested def reads a variable its function assigns only after the
def: CPython looks it up when the closure is called, myia captures it
when the closure is made, so the error says to assign it first."""


def main():
    def f():
        return k * 2
    k = 3
    print(f())

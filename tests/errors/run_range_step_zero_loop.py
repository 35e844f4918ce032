# error: 6:14: range() arg 3 must not be zero
# stdout: 20\n
def total(n, s):
    """A loop over a range whose step is zero at run time: ValueError."""
    t = 0
    for i in range(0, n, s):
        t += i
    return t


def main():
    print(total(10, 2))
    print(total(10, 0))

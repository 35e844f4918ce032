# fd: falling [3.5, 4]
# The falling factorial x (x-1) ... (x-n+1), recursively.
from myia import grad


def falling(x, n):
    if n <= 0:
        return 1.0
    return x * falling(x - 1.0, n - 1)


def main():
    for n in (0, 1, 3, 4):
        print(n, grad(falling)(3.5, n))

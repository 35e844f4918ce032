# error: 17:15: cannot add None or float and int
"""A value that may be None is narrowed only where a test decides: here
both branches of the if fall through, so after it v may still be None."""


def maybe(k):
    if k > 2:
        return k * 1.5
    return None


def main():
    for k in range(5):
        v = maybe(k)
        if v is None:
            print("none")
        print(v + 1)

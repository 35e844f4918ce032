# error: 7:24: undefined name 'scale'
"""A closure that refers to a name defined nowhere."""


def make(k):
    def f(x):
        return x * k * scale
    return f


def main():
    print(make(2)(3))

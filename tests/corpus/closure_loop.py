"""Closures built inside loops, each called before the loop variable changes."""


def main():
    total = 0
    for i in range(5):
        def shifted(x):
            return x + i
        total += shifted(10)
    print(total)

    acc = 0.0
    for w in (0.5, 1.5, 2.5):
        scale = lambda x: w * x
        acc += scale(2.0)
        print(w, scale(4.0))
    print(acc)

    k = 0
    while k < 3:
        f = lambda y: y * k + 1
        print(k, f(10))
        k += 1

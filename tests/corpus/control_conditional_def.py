"""A def under an if, and a name bound to a def on one path and to a lambda on the other, in a loop."""
def choose(c):
    if c:
        def f(x):
            return x + 1
    else:
        def f(x):
            return x * 10
    return f(5)


def main():
    print(choose(True), choose(False))
    for k in range(3):
        if k == 1:
            def g(x):
                return x - k
        else:
            g = lambda x: x + k
        print(g(100))

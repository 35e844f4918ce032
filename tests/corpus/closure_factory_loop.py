# Closures made by a factory in a loop, kept in a tuple, called by
# another loop: each captures its own i.


def make(i, x):
    def h(y):
        return x * y ** i + i
    return h


def make_all(x):
    fs = ()
    for i in range(4):
        fs = fs + (make(i, x),)
    return fs


def total(x):
    s = 0.0
    for h in make_all(x):
        s = s + h(x + 1.0)
    return s


def main():
    print(total(0.8))
    print(total(-0.3))
    fs = make_all(2)
    print(len(fs), fs[0](3.0), fs[2](3.0))

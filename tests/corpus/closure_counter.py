"""Counters without mutation: each step returns the next counter."""


def make_counter(count, step):
    def value():
        return count

    def advance():
        return make_counter(count + step, step)

    return (value, advance)


def make_accumulator(total):
    def add(x):
        return make_accumulator(total + x)

    def get():
        return total

    return (add, get)


def main():
    c = make_counter(0, 1)
    print(c[0]())
    c = c[1]()
    c = c[1]()
    print(c[0]())
    d = make_counter(10, 5)
    for i in range(3):
        d = d[1]()
    print(d[0]())
    acc = make_accumulator(0.0)
    acc = acc[0](1.5)
    acc = acc[0](2.25)
    print(acc[1]())

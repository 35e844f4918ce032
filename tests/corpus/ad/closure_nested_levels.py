# fd: f [0.3, 1.7]
# Three levels of nested closures, each capturing from every level above.
from myia import grad


def f(x, y):
    a = x + y
    def l1(u):
        b = u * x
        def l2(v):
            c = v * b + a
            def l3(w):
                return w * c + x * y * u * v
            return l3(v + 1.0)
        return l2(u * y)
    return l1(a) + l1(2.0)


def main():
    print(grad(f, (0, 1))(0.3, 1.7))

# fd: mse [0.5, 0.1]
# The squared error of a line fitted to data, gradients for slope and bias.
from myia import grad

XS = (0.0, 1.0, 2.0, 3.0, 4.0)
YS = (1.1, 2.9, 5.2, 7.1, 8.8)


def mse(w, b):
    s = 0.0
    for x, y in zip(XS, YS):
        r = w * x + b - y
        s = s + r * r
    return s / len(XS)


def main():
    w, b = 0.0, 0.0
    for i in range(300):
        gw, gb = grad(mse, (0, 1))(w, b)
        w = w - 0.05 * gw
        b = b - 0.05 * gb
    print(w, b, mse(w, b))
    print(grad(mse, (0, 1))(0.5, 0.1))

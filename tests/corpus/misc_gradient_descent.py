"""Gradient descent on a quadratic with a hand-written gradient."""


def loss(w, b):
    return (w - 3.0) * (w - 3.0) + 2.0 * (b + 1.0) * (b + 1.0)


def grad_loss(w, b):
    return (2.0 * (w - 3.0), 4.0 * (b + 1.0))


def main():
    w = 0.0
    b = 0.0
    lr = 0.125
    for step in range(40):
        gw, gb = grad_loss(w, b)
        w = w - lr * gw
        b = b - lr * gb
        if step % 10 == 0:
            print(step, w, b, loss(w, b))
    print(w, b, loss(w, b) < 1e-08)

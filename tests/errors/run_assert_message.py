# error: 6:5: learning rate must be positive
"""A failing assert reports its message."""


def step(w, g, lr):
    assert lr > 0.0, "learning rate must be positive"
    return w - lr * g


def main():
    print(step(1.0, 0.5, 0.1))
    print(step(1.0, 0.5, -0.1))

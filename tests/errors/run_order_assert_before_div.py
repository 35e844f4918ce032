# error: 3:5: assertion failed: b must be nonzero
def safe_div(a, b):
    assert b != 0, "b must be nonzero"
    return a / b


def main():
    print(safe_div(3, 0))

# error: 4:5: assertion failed: b must be nonzero
def main():
    b = 0
    assert b != 0, "b must be nonzero"
    print(1 / b)

# error: 5:12: integer division or modulo by zero
# stdout: start\nbefore\n
def f(a, b):
    print("before")
    return a // b


def main():
    print("start")
    print(f(3, 0))

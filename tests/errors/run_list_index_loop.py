# error: 6:15: list index out of range
# stdout: 1.5\n2.5\n
def main():
    xs = [1.5, 2.5]
    for i in range(3):
        print(xs[i])

"""A closure returned from inside a loop captures the loop variable at that iteration."""
def pick(n):
    for i in range(10):
        if i * i > n:
            return lambda x: x + i
    return lambda x: x


def main():
    print(pick(10)(100), pick(1000)(100), pick(0)(1))

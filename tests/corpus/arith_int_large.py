"""Large 64-bit integers without overflow."""


def max_int():
    return (2 ** 62 - 1) + 2 ** 62


def min_int():
    return -(2 ** 62) * 2


def main():
    print(2 ** 62, max_int(), min_int())
    print(3037000499 * 3037000499)
    print(max_int() // 7, max_int() % 7)
    print(min_int() // 3, min_int() % 3)
    print(-max_int() - 1 == min_int())
    f = 1
    for k in range(1, 21):
        f = f * k
    print(f)

"""2x2 matrices as nested tuples: product, determinant, fast power."""


def mat_mul(a, b):
    return ((a[0][0] * b[0][0] + a[0][1] * b[1][0], a[0][0] * b[0][1] + a[0][1] * b[1][1]),
            (a[1][0] * b[0][0] + a[1][1] * b[1][0], a[1][0] * b[0][1] + a[1][1] * b[1][1]))


def det(a):
    return a[0][0] * a[1][1] - a[0][1] * a[1][0]


def mat_pow(a, n):
    result = ((1, 0), (0, 1))
    while n > 0:
        if n % 2 == 1:
            result = mat_mul(result, a)
        a = mat_mul(a, a)
        n = n // 2
    return result


def main():
    f = ((1, 1), (1, 0))
    print(mat_mul(f, f), det(f))
    print(mat_pow(f, 10), mat_pow(f, 50)[0][1])
    r = ((0.0, -1.0), (1.0, 0.0))
    print(mat_mul(r, r), det(r))

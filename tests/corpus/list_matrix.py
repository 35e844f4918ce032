"""A matrix as a list of lists; products by index loops."""


def entry(a, b, i, j):
    s = 0.0
    for t in range(len(b)):
        s += a[i][t] * b[t][j]
    return s


def row(a, b, i):
    r = [entry(a, b, i, 0)]
    for j in range(1, len(b[0])):
        r = r + [entry(a, b, i, j)]
    return r


def matmul(a, b):
    rows = [row(a, b, 0)]
    for i in range(1, len(a)):
        rows = rows + [row(a, b, i)]
    return rows


def main():
    a = [[1.0, 2.0], [3.0, 4.0]]
    b = [[0.5, 0.0], [0.0, 2.0]]
    c = matmul(a, b)
    print(c)
    print(c[1], c[1][1], len(c))
    print(matmul(a, a))
    v = [[1.0, 1.0, 1.0]]
    m = [[1.0], [2.0], [3.0]]
    print(matmul(v, m), matmul(m, v))

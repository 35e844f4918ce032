"""Complex numbers as pairs; Mandelbrot escape counts."""


def cmul(a, b):
    return (a[0] * b[0] - a[1] * b[1], a[0] * b[1] + a[1] * b[0])


def cadd(a, b):
    return (a[0] + b[0], a[1] + b[1])


def escape(c, limit):
    z = (0.0, 0.0)
    for i in range(limit):
        z = cadd(cmul(z, z), c)
        if z[0] * z[0] + z[1] * z[1] > 4.0:
            return i
    return limit


def main():
    i = (0.0, 1.0)
    print(cmul(i, i), cadd(i, (2.0, 0.5)))
    print(escape((0.0, 0.0), 50), escape((1.0, 1.0), 50), escape((-1.0, 0.0), 50))
    print(escape((0.3, 0.5), 100), escape((-0.75, 0.1), 100))
    count = 0
    y = -1.0
    while y <= 1.0:
        x = -2.0
        while x <= 0.5:
            if escape((x, y), 30) == 30:
                count += 1
            x += 0.125
        y += 0.125
    print(count)

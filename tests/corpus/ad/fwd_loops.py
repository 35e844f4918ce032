# fd: tangent_of_euler [0.3, 1.2]
# fd: tangent_of_break [0.8]
# Forward mode (jvp, jacfwd) through loops: while, for over a range,
# nested loops, break, and branches inside a loop. Each loop stays a loop
# that carries values and tangents together.
import math
from myia import jvp, jacfwd


def euler(y, k):
    t = 0.0
    while t < 1.0:
        y = y - 0.1 * k * y
        t += 0.1
    return y


def poly(x, n):
    s = 0.0
    for i in range(n):
        s = s * x + (i + 1)
    return s


def nested(x):
    acc = 0.0
    for i in range(3):
        for j in range(i + 1):
            acc = acc + math.sin(x * (i + 1)) * (j + 1)
    return acc


def with_break(x):
    s = x
    i = 0
    while True:
        if s > 10.0:
            break
        s = s * s + 1.0
        i += 1
    return s + i


def branches(x):
    s = 0.0
    for i in range(6):
        if i % 2 == 0:
            s = s + x * i
        else:
            s = s - math.exp(-x * i)
    return s


def pair(p):
    a = p[0]
    b = p[1]
    for i in range(3):
        a, b = a * b, a + b
    return (a, b)


def tangent_of_euler(y, k):
    return jvp(euler, (y, k), (1.0, 0.5))[1]


def tangent_of_break(x):
    return jvp(with_break, (x,), (1.0,))[1]


def main():
    print(jvp(euler, (1.0, 0.5), (0.0, 1.0)))
    print(jvp(euler, (2.0, -0.3), (1.0, 0.0)))
    print(jvp(poly, (1.5, 5), (1.0, 0)))
    print(jvp(nested, (0.4,), (1.0,)))
    print(jvp(with_break, (0.8,), (2.0,)))
    print(jvp(branches, (0.7,), (1.0,)))
    print(jvp(pair, ((1.1, 0.9),), ((1.0, 0.0),)))
    print(jacfwd(pair)((1.1, 0.9)))
    print(jacfwd(euler)(1.0, 0.5))
    print(jacfwd(euler, 1)(1.0, 0.5))
    print(tangent_of_euler(0.3, 1.2))

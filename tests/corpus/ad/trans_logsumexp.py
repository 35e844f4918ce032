# fd: lse [0.5, -1.0, 2.0]
# fd: entropy [0.3, 0.1, -0.4]
# log-sum-exp and the entropy of a softmax: gradients are the softmax.
import math
from myia import grad


def lse(a, b, c):
    m = max(a, b, c)
    return m + math.log(math.exp(a - m) + math.exp(b - m) + math.exp(c - m))


def entropy(a, b, c):
    z = math.exp(a) + math.exp(b) + math.exp(c)
    h = 0.0
    for v in (a, b, c):
        p = math.exp(v) / z
        h = h - p * math.log(p)
    return h


def main():
    g = grad(lse, (0, 1, 2))(0.5, -1.0, 2.0)
    print(g)
    print(g[0] + g[1] + g[2])
    print(grad(entropy, (0, 1, 2))(0.3, 0.1, -0.4))

"""Top-level constants rebound: each assignment reads the values the
names have there, a default is evaluated where its def stands, and a
function body reads the last value; chained and unpacking assignments."""

N = 1
M = N
N = N + 1
STEP = N * 10


def f(x, k=N, t=(M, STEP)):
    return x + k + N + t[0] + t[1]


N = 100
W, H = 640, 480
SIZE = (W, H)
A = B = (1, 2.5)
P, (Q, R) = 3, A
H2, W2 = SIZE


def main():
    print(M, N, STEP)
    print(f(0), f(0, 0), f(1, t=(0, 0)))
    print(W, H, SIZE, A, B, P, Q, R, H2, W2)

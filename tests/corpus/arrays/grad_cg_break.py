# fd: objective [1.0, 2.0, 3.0]
# tol: 1e-5
"""The gradient of a conjugate-gradient solve whose loop may break
early. The loop's tape holds one of two backpropagators at one step and
one of three at the next: natively, a union is retagged into the wider
one (backend/*/gen.go, widenUnion). The backpropagator of the exit by
break is named only by the tape's type once the optimizer has recorded
the tape, and cleanup kept it (opt/dce.go, cleanDeadNested)."""
import numpy as np
from myia import grad


def cg(A, b, iters):
    x = np.zeros_like(b)
    r = b - A @ x
    p = r
    rs = r @ r
    for i in range(iters):
        Ap = A @ p
        alpha = rs / (p @ Ap)
        x = x + alpha * p
        r = r - alpha * Ap
        rs_new = r @ r
        if rs_new < 1e-20:
            break
        p = r + (rs_new / rs) * p
        rs = rs_new
    return x


def objective(b0, b1, b2):
    A = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 0.5], [0.0, 0.5, 2.0]])
    x = cg(A, np.array([b0, b1, b2]), 3)
    return np.sum(x * np.array([1.0, 2.0, 3.0]))


def main():
    A = np.array([[4.0, 1.0, 0.0], [1.0, 3.0, 0.5], [0.0, 0.5, 2.0]])
    b = np.array([1.0, 2.0, 3.0])
    x = cg(A, b, 10)
    print(x)
    print(np.max(np.abs(A @ x - b)) < 1e-12)
    print(grad(objective, (0, 1, 2))(1.0, 2.0, 3.0))
    print(grad(lambda c: np.sum(cg(A, c, 2) ** 2))(b))
    print(grad(lambda c: np.sum(cg(A, c, 10) * np.array([1.0, -1.0, 2.0])))(b))

# fd: fortran [0.5, 2.0]
# order= of np.reshape and x.reshape: 'C', 'F' (the first index changes
# fastest, when reading and when writing), lower case, None; and of the
# constructors, whose values it leaves alone.
import numpy as np


def fortran(x, y):
    a = np.array([[x, 2.0 * x, 3.0], [x * y, 1.0, y]])
    b = np.reshape(a, (3, 2), order='F')
    c = a.reshape(6, order='F')
    return np.sum(b * np.arange(6).reshape(3, 2)) + np.sum(c * c * np.arange(6))


def main():
    x = np.arange(12)
    print(np.reshape(x, (3, 4), order='C'))
    print(np.reshape(x, (3, 4), order='F'))
    print(np.reshape(x, (2, -1), order='F'))
    print(x.reshape(2, 2, 3, order='F'))
    print(x.reshape((4, 3), order='f'))
    m = x.reshape(3, 4)
    print(m.reshape(12, order='F'))
    print(np.reshape(m, -1, order='F'))
    print(np.reshape(m, m.shape[::-1], order='F'))
    print(np.reshape(m, (4, 3), order=None))
    print(np.zeros((2, 2), order='F'), np.ones(2, order='C'), np.full(2, 3, order='F'))
    print(np.eye(2, order='F'), np.zeros_like(m, order='K')[0], np.ones_like(m, order='A')[0])
    print(np.array([[1, 2], [3, 4]], order='F'))
    print(fortran(0.5, 2.0))

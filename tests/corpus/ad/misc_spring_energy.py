# fd: energy [[0.0, 1.1, 2.3], 1.0]
# Forces as minus the gradient of the energy of a chain of springs.
from myia import grad


def energy(pos, k):
    e = 0.0
    for i in range(len(pos) - 1):
        d = pos[i + 1] - pos[i] - 1.0
        e = e + 0.5 * k * d * d
    return e


def main():
    pos = (0.0, 1.1, 2.3)
    g = grad(energy)(pos, 1.0)
    print(g)
    print(-g[0], -g[1], -g[2])
    print(grad(energy, 1)(pos, 1.0))

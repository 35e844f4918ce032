"""The workload of bench_mlp.c with numpy: loss and gradient of a
784-256-10 tanh MLP on a batch of 128. Run with /usr/bin/python3."""
import sys
import time

import numpy as np


def rnd(*shape):
    n = int(np.prod(shape))
    return ((np.arange(n) * 7919) % 1000 / 1000 - 0.5).reshape(shape)


x, w1, b1, w2, b2, y = rnd(128, 784), rnd(784, 256), rnd(256), rnd(256, 10), rnd(10), rnd(128, 10)
iters = int(sys.argv[1]) if len(sys.argv) > 1 else 100
times = []
for it in range(iters):
    t0 = time.perf_counter()
    h = np.tanh(x @ w1 + b1)
    out = h @ w2 + b2
    diff = out - y
    loss = np.mean(diff * diff)
    dout = diff * (2.0 / (128 * 10))
    dw2 = h.T @ dout
    db2 = dout.sum(axis=0)
    dh = dout @ w2.T
    dz1 = dh * (1 - h * h)
    dw1 = x.T @ dz1
    db1 = dz1.sum(axis=0)
    times.append(time.perf_counter() - t0)
    if it == 0:
        check = dw1.sum() + db1.sum() + dw2.sum() + db2.sum()
times.sort()
print("numpy %s: median %.3f ms, min %.3f ms over %d iterations; loss %r; gradient checksum %r"
      % (np.__version__, times[iters // 2] * 1e3, times[0] * 1e3, iters, float(loss), float(check)))

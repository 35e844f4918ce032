"""PyTorch (eager, autograd) reference for bench/mlp.py: an MLP 784-256-10,
tanh hidden layer, softmax cross-entropy, batch 128, float64.

    /usr/bin/python3 bench/torch/mlp.py [-n RUNS] [--threads T]

Times the forward pass (the loss) alone and the loss with its gradient
(backward), the median of RUNS runs after a warm-up, and prints
    forward_ms=X grad_ms=Y peak_rss_delta_mb=Z loss=L
The inputs are bench/mlp.py's (its make_inputs, run with CPython and the
reference myia module), so the loss printed agrees with myia's.
peak_rss_delta_mb is the growth of the process's peak resident set size
(getrusage's ru_maxrss) over the timed runs, after the inputs were made.
"""
import argparse
import os
import resource
import runpy
import statistics
import sys
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def inputs():
    sys.path.insert(0, os.path.join(ROOT, "python"))
    mod = runpy.run_path(os.path.join(ROOT, "bench", "mlp.py"))
    params, x, y = mod["mlp_loss_inputs"]()
    params = tuple(torch.from_numpy(p).clone().requires_grad_(True) for p in params)
    return params, torch.from_numpy(x), torch.from_numpy(y)


def mlp_loss(params, x, y):
    w1, b1, w2, b2 = params
    h = torch.tanh(x @ w1 + b1)
    z = h @ w2 + b2
    return -(y * torch.log_softmax(z, dim=1)).sum(dim=1).mean()


def forward(params, x, y):
    with torch.no_grad():
        return mlp_loss(params, x, y)


def loss_and_grad(params, x, y):
    loss = mlp_loss(params, x, y)
    grads = torch.autograd.grad(loss, params)
    return loss, grads


def median_ms(f, runs):
    f()  # warm-up
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def maxrss_mb():
    # ru_maxrss is in kilobytes on Linux
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=20, help="timed runs")
    ap.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    args = ap.parse_args()
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    params, x, y = inputs()
    before = maxrss_mb()
    fwd = median_ms(lambda: forward(params, x, y), args.n)
    grd = median_ms(lambda: loss_and_grad(params, x, y), args.n)
    peak = maxrss_mb() - before
    loss, grads = loss_and_grad(params, x, y)
    gnorm = sum(float((g * g).sum()) for g in grads) ** 0.5
    print("forward_ms=%.3f grad_ms=%.3f peak_rss_delta_mb=%.1f loss=%.17g grad_norm=%.17g threads=%d"
          % (fwd, grd, peak, float(loss), gnorm, torch.get_num_threads()))


if __name__ == "__main__":
    main()

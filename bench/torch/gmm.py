"""PyTorch (eager, autograd) reference for examples/gmm.py: ADBench's GMM
objective, d=10, K=25, n=1000, float64, and its gradient with respect to
alphas, means and icf.

    /usr/bin/python3 bench/torch/gmm.py [-n RUNS] [--threads T] [-d D -k K --points N]

Prints
    objective_ms=X grad_ms=Y peak_rss_delta_mb=Z objective=V grad_norm=G
(medians of RUNS runs after a warm-up). The inputs are examples/gmm.py's
gmm_inputs (run with CPython and the reference myia module), so the
objective printed agrees with myia's. The formulation is ADBench's
PyTorch one: the lower-triangular factors filled column by column from
icf[:, d:], Q x by einsum, the multivariate log-gamma by torch.mvlgamma.
"""
import argparse
import math
import os
import resource
import runpy
import statistics
import sys
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def inputs(d, k, n):
    sys.path.insert(0, os.path.join(ROOT, "python"))
    mod = runpy.run_path(os.path.join(ROOT, "examples", "gmm.py"))
    alphas, means, icf, x, gamma, m = mod["gmm_inputs"](d, k, n)
    t = lambda a: torch.from_numpy(a).clone().requires_grad_(True)
    return t(alphas), t(means), t(icf), torch.from_numpy(x), gamma, m


def lower_index(d):
    """Rows and columns of the strictly lower entries, column by column."""
    rows, cols = [], []
    for j in range(d):
        for i in range(j + 1, d):
            rows.append(i)
            cols.append(j)
    return torch.tensor(rows), torch.tensor(cols)


def logsumexp_rows(a):
    mx = a.max(dim=1, keepdim=True).values
    return torch.log(torch.exp(a - mx).sum(dim=1)) + mx[:, 0]


def gmm_objective(alphas, means, icf, x, wishart_gamma, wishart_m, idx):
    n, d = x.shape
    k = alphas.shape[0]
    qdiags = torch.exp(icf[:, :d])
    sum_qs = icf[:, :d].sum(dim=1)
    lower = icf[:, d:]
    ls = torch.zeros(k, d, d, dtype=icf.dtype)
    ls = ls.index_put((torch.arange(k).repeat_interleave(len(idx[0])),
                       idx[0].repeat(k), idx[1].repeat(k)), lower.reshape(-1))
    xc = x[:, None, :] - means[None, :, :]
    qx = qdiags * xc + torch.einsum("kij,nkj->nki", ls, xc)
    inner = alphas + sum_qs - 0.5 * (qx * qx).sum(dim=2)
    slse = logsumexp_rows(inner).sum()
    const = -n * d * 0.5 * math.log(2 * math.pi)
    lse_alphas = torch.logsumexp(alphas, dim=0)
    p = d
    nn = p + wishart_m + 1
    frob = (qdiags ** 2).sum(dim=1) + (lower ** 2).sum(dim=1)
    out = (0.5 * wishart_gamma * wishart_gamma * frob - wishart_m * sum_qs).sum()
    c = nn * p * (math.log(wishart_gamma) - 0.5 * math.log(2)) - \
        float(torch.mvlgamma(torch.tensor(0.5 * nn, dtype=torch.float64), p))
    return const + slse - n * lse_alphas + out - k * c


def median_ms(f, runs):
    f()  # warm-up
    times = []
    for _ in range(runs):
        t = time.perf_counter()
        f()
        times.append(time.perf_counter() - t)
    return statistics.median(times) * 1e3


def maxrss_mb():
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024.0


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=20, help="timed runs")
    ap.add_argument("--threads", type=int, default=0, help="torch threads (0: torch's default)")
    ap.add_argument("-d", type=int, default=10)
    ap.add_argument("-k", type=int, default=25)
    ap.add_argument("--points", type=int, default=1000)
    args = ap.parse_args()
    if args.threads > 0:
        torch.set_num_threads(args.threads)
    alphas, means, icf, x, gamma, m = inputs(args.d, args.k, args.points)
    idx = lower_index(args.d)
    params = (alphas, means, icf)

    def objective():
        with torch.no_grad():
            return gmm_objective(alphas, means, icf, x, gamma, m, idx)

    def objective_and_grad():
        v = gmm_objective(alphas, means, icf, x, gamma, m, idx)
        return v, torch.autograd.grad(v, params)

    before = maxrss_mb()
    obj_ms = median_ms(objective, args.n)
    grad_ms = median_ms(objective_and_grad, args.n)
    peak = maxrss_mb() - before
    v, grads = objective_and_grad()
    gnorm = sum(float((g * g).sum()) for g in grads) ** 0.5
    print("objective_ms=%.3f grad_ms=%.3f peak_rss_delta_mb=%.1f objective=%.17g grad_norm=%.17g threads=%d"
          % (obj_ms, grad_ms, peak, float(v), gnorm, torch.get_num_threads()))


if __name__ == "__main__":
    main()

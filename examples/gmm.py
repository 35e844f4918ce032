"""The ADBench Gaussian mixture model objective and its gradient.

    myia run examples/gmm.py

The objective is ADBench's gmm_objective (Srajer, Kukelova, Fitzgibbon,
"A benchmark of selected algorithmic differentiation tools"), with its
parameterisation:

  alphas  (K,)           mixture weights, before a softmax
  means   (K, d)
  icf     (K, d + d(d-1)/2)  the inverse covariance factor of each component:
                         icf[k, :d] the log of its diagonal, icf[k, d:]
                         its strictly lower-triangular entries, column by
                         column (as ADBench's constructL fills them)
  x       (n, d)         the data
  wishart_gamma, wishart_m   the Wishart prior's parameters

  log p = -n d/2 log(2 pi) + sum_i logsumexp_k(alphas_k + sum(log Qdiag_k)
          - |Q_k (x_i - mu_k)|^2 / 2) - n logsumexp(alphas) + log_wishart_prior

Differences from ADBench's Python code, none of which changes the value:

- The subset has no item assignment and no einsum: the lower-triangular
  factors are built by a matrix product of icf[:, d:] with a constant 0/1
  selection tensor (made with np.where on index arithmetic), and
  Q_k (x_i - mu_k) is Q_k x_i - Q_k mu_k, the first term one matrix
  product of x with every Q_k stacked (where ADBench's code has an
  einsum).
- The multivariate log-gamma constant of the Wishart prior (scipy's
  multigammaln in ADBench) is computed by lgamma_half, exact for the
  positive multiples of 1/2 it is called with (wishart_m an integer).
"""
import math
import numpy as np
from myia import grad


def lgamma_half(a):
    """log Gamma(a) for a positive multiple of 1/2: Gamma(a) = (a-1) Gamma(a-1),
    Gamma(1) = 1, Gamma(1/2) = sqrt(pi)."""
    r = 0.0
    while a > 1.0:
        a = a - 1.0
        r = r + math.log(a)
    if a < 0.75:
        r = r + 0.5 * math.log(math.pi)
    return r


def log_gamma_distrib(a, p):
    """log of the multivariate gamma function Gamma_p(a)."""
    out = 0.25 * p * (p - 1) * math.log(math.pi)
    for j in range(1, p + 1):
        out = out + lgamma_half(a + 0.5 * (1 - j))
    return out


def lower_selector(d):
    """S of shape (d(d-1)/2, d, d): S[m, i, j] = 1 if icf's m-th lower entry
    goes to row i, column j of the factor (column-major, below the diagonal)."""
    nl = d * (d - 1) // 2
    i = np.arange(d).reshape(d, 1)
    j = np.arange(d).reshape(1, d)
    # the index of (i, j) among the strictly lower entries, column by column
    m = j * d - (j * (j + 1)) // 2 + (i - j - 1)
    m = np.where(i > j, m, -1)
    return np.where(np.arange(nl).reshape(nl, 1, 1) == m, 1.0, 0.0)


def logsumexp(v):
    mx = np.max(v)
    return np.log(np.sum(np.exp(v - mx))) + mx


def logsumexp_rows(a):
    mx = np.max(a, axis=1, keepdims=True)
    return np.log(np.sum(np.exp(a - mx), axis=1)) + mx[:, 0]


def log_wishart_prior(p, wishart_gamma, wishart_m, sum_qs, qdiags, lower):
    n = p + wishart_m + 1
    k = qdiags.shape[0]
    frob = np.sum(qdiags * qdiags, axis=1) + np.sum(lower * lower, axis=1)
    out = np.sum(0.5 * wishart_gamma * wishart_gamma * frob - wishart_m * sum_qs)
    c = n * p * (math.log(wishart_gamma) - 0.5 * math.log(2.0)) - log_gamma_distrib(0.5 * n, p)
    return out - k * c


def gmm_objective(alphas, means, icf, x, wishart_gamma, wishart_m):
    n, d = x.shape
    k = alphas.shape[0]
    nl = d * (d - 1) // 2
    logdiag = icf.T[:d].T                     # (K, d)
    lower = icf.T[d:].T                       # (K, nl)
    qdiags = np.exp(logdiag)
    sum_qs = np.sum(logdiag, axis=1)          # (K,)
    ls = (lower @ lower_selector(d).reshape(nl, d * d)).reshape(k, d, d)
    # Q_k = diag(qdiags_k) + L_k, and Q_k (x_i - mu_k) = Q_k x_i - Q_k mu_k:
    # one matrix product of x with every Q_k stacked
    eye = np.where(np.arange(d).reshape(d, 1) == np.arange(d).reshape(1, d), 1.0, 0.0)
    q = ls + qdiags.reshape(k, d, 1) * eye.reshape(1, d, d)             # (K, d, d)
    qmu = np.sum(q * means.reshape(k, 1, d), axis=2)                    # (K, d)
    qx = (x @ q.reshape(k * d, d).T).reshape(n, k, d) - qmu.reshape(1, k, d)
    inner = alphas + sum_qs - 0.5 * np.sum(qx * qx, axis=2)             # (n, K)
    const = -n * d * 0.5 * math.log(2.0 * math.pi)
    slse = np.sum(logsumexp_rows(inner))
    prior = log_wishart_prior(d, wishart_gamma, wishart_m, sum_qs, qdiags, lower)
    return const + slse - n * logsumexp(alphas) + prior


def gmm_inputs(d, k, n):
    """Deterministic inputs of the given sizes: (alphas, means, icf, x,
    wishart_gamma, wishart_m)."""
    nl = d * (d - 1) // 2
    alphas = np.sin(np.arange(k) * 1.3) * 0.5
    means = np.cos(np.arange(k * d).reshape(k, d) * 0.7) * 2.0
    icf = np.sin(np.arange(k * (d + nl)).reshape(k, d + nl) * 0.37 + 0.1) * 0.3
    x = np.sin(np.arange(n * d).reshape(n, d) * 0.11 + 0.3) * 2.0
    return (alphas, means, icf, x, 1.0, 0)


def gmm_grad(alphas, means, icf, x, wishart_gamma, wishart_m):
    return grad(gmm_objective, (0, 1, 2))(alphas, means, icf, x, wishart_gamma, wishart_m)


# The benchmark size (ADBench's d=10, K=25, n=1000):
#   myia run examples/gmm.py --entry gmm_objective --bench 10
#   myia run examples/gmm.py --entry gmm_grad --bench 10
# An entry's arguments come from ENTRY_inputs(); bench/torch/gmm.py builds
# the same inputs with gmm_inputs.
def gmm_objective_inputs():
    return gmm_inputs(10, 25, 1000)


def gmm_grad_inputs():
    return gmm_inputs(10, 25, 1000)


def norm(a):
    return math.sqrt(np.sum(a * a))


def main():
    alphas, means, icf, x, gamma, m = gmm_inputs(2, 3, 10)
    print("objective", gmm_objective(alphas, means, icf, x, gamma, m))
    ga, gm, gi = gmm_grad(alphas, means, icf, x, gamma, m)
    print("|d alphas|", norm(ga))
    print("|d means|", norm(gm))
    print("|d icf|", norm(gi))
    print("d alphas", ga[0], ga[1], ga[2])

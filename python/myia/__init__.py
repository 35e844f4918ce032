"""Reference `myia` module for CPython.

Every program of the language (see LANGUAGE.md) also runs under CPython with
this module on the path. The decorators are identities and the
differentiation operators are computed by central finite differences in
float64, on floats, tuples and lists of them and numpy float arrays (numpy is
optional). Gradients with respect to ints and bools are zeros of the same
type. The operators compose: a difference taken around other differences
uses a larger step, chosen from how deeply the differences nest, so that
`grad(grad(f))` stays accurate to about 1e-7 relative for smooth functions.

Known gaps with respect to myia: `stop_gradient` and `custom_vjp` do not
change derivatives here (differences see the primal function only).
"""

import functools
import inspect

try:
    import numpy as np
except ImportError:  # numpy is optional
    np = None

__all__ = ["myia", "grad", "value_and_grad", "vjp", "jvp", "jacfwd", "jacrev",
           "hessian", "checkpoint", "stop_gradient", "custom_vjp"]

_EPS = 2.0 ** -52
_active = 0  # difference evaluations in progress around the current call
_below = 0   # deepest nesting of differences seen inside the current call


def myia(f):
    """Marks an entry point; the identity under CPython."""
    return f


def checkpoint(f):
    """Recompute instead of storing in the reverse pass; the identity here."""
    return f


def stop_gradient(x):
    """The identity (finite differences cannot stop a gradient)."""
    return x


class custom_vjp:
    """`@custom_vjp def f(...)`, then `f.defvjp(f_fwd, f_bwd)`; calls f."""

    def __init__(self, fun):
        functools.update_wrapper(self, fun)
        self.fun, self.fwd, self.bwd = fun, None, None

    def defvjp(self, fwd, bwd):
        self.fwd, self.bwd = fwd, bwd

    def __call__(self, *args, **kwargs):
        return self.fun(*args, **kwargs)


# Values as vectors: the float components of a value, and the value rebuilt.

def _is_float_array(x):
    return np is not None and isinstance(x, np.ndarray) and x.dtype.kind == "f"


def _leaves(x):
    """The float components of x, flattened in order."""
    if isinstance(x, float):
        return [float(x)]
    if isinstance(x, (tuple, list)):
        return [c for e in x for c in _leaves(e)]
    if _is_float_array(x):
        return [float(c) for c in x.ravel()]
    return []


def _units(x):
    """The shapes of x's differentiable parts: () for a float, an array's shape."""
    if isinstance(x, float):
        return [()]
    if isinstance(x, (tuple, list)):
        return [s for e in x for s in _units(e)]
    return [x.shape] if _is_float_array(x) else []


def _build(x, take, zero):
    """x with each float or float array replaced by take(it); other leaves
    kept, or zeroed (0, False, zeros of an int array) if zero."""
    if isinstance(x, float) or _is_float_array(x):
        return take(x)
    if isinstance(x, (tuple, list)):
        return type(x)(_build(e, take, zero) for e in x)
    if zero and (isinstance(x, int) or np is not None and isinstance(x, np.generic)):
        return type(x)(0)
    if zero and np is not None and isinstance(x, np.ndarray):
        return np.zeros_like(x)
    return x


def _fill(x, values, zero=False):
    """x with its float components taken from the sequence values."""
    it = iter(values)

    def take(leaf):
        if isinstance(leaf, float):
            return next(it)
        return np.array([next(it) for _ in range(leaf.size)]).reshape(leaf.shape)
    return _build(x, take, zero)


# The one numerical kernel: a Jacobian by central differences.

def _jacobian(f, args, idx, kwargs):
    """f(*args) and the columns of its Jacobian with respect to the float
    components of the args at positions idx (column j = d out / d x_j)."""
    global _active, _below
    saved, _below = _below, 0
    _active += 1
    try:
        out = f(*args, **kwargs)  # also measures how deeply differences nest inside f
        h = _EPS ** (1.0 / (_active + _below + 2))
        sel = tuple(args[i] for i in idx)
        xs = _leaves(sel)
        cols = []
        for j, xj in enumerate(xs):
            step = h * max(1.0, abs(xj))
            ends = []
            for s in (step, -step):
                v = list(xs)
                v[j] = xj + s
                a = list(args)
                for i, new in zip(idx, _fill(sel, v)):
                    a[i] = new
                ends.append(_leaves(f(*a, **kwargs)))
            cols.append([(p - m) / (2 * step) for p, m in zip(*ends)])
        return out, cols
    finally:
        _active -= 1
        _below = max(saved, _below + 1)


def _argnums(f, argnums, nargs):
    """argnums as (tuple of positions, whether a single one was asked for),
    for a call with nargs arguments; a negative one counts from the end, as
    in JAX."""
    if isinstance(argnums, str):
        argnums = list(inspect.signature(f).parameters).index(argnums)
    single = isinstance(argnums, int)
    idx = []
    for k in (argnums,) if single else argnums:
        if not -nargs <= k < nargs:
            raise ValueError("argnums %d is out of range for a function of %d arguments" % (k, nargs))
        if k % nargs in idx:
            raise ValueError("argnums names argument %d more than once" % (k % nargs))
        idx.append(k % nargs)
    return tuple(idx), single


def _grad_of(f, args, argnums, kwargs):
    idx, single = _argnums(f, argnums, len(args))
    out, cols = _jacobian(f, args, idx, kwargs)
    if len(_leaves(out)) != 1:
        raise TypeError("grad requires a scalar-valued function")
    g = _fill(tuple(args[i] for i in idx), [c[0] for c in cols], zero=True)
    return out, (g[0] if single else g)


def value_and_grad(f, argnums=0):
    def vg(*args, **kwargs):
        return _grad_of(f, args, argnums, kwargs)
    return vg


def grad(f, argnums=0):
    def g(*args, **kwargs):
        return _grad_of(f, args, argnums, kwargs)[1]
    return g


def vjp(f, *primals):
    """(f(*primals), pullback); pullback(ct) is a tuple, one per primal."""
    out, cols = _jacobian(f, primals, range(len(primals)), {})

    def pullback(ct):
        c = _leaves(ct)
        return _fill(primals, [sum(ci * ji for ci, ji in zip(c, col)) for col in cols], zero=True)
    return out, pullback


def jvp(f, primals, tangents):
    """(f(*primals), directional derivative along tangents)."""
    primals = tuple(primals)
    out, cols = _jacobian(f, primals, range(len(primals)), {})
    t = _leaves(tuple(tangents))
    rows = len(_leaves(out))
    return out, _fill(out, [sum(cols[j][i] * t[j] for j in range(len(t))) for i in range(rows)], zero=True)


def _jac(f, argnums):
    """Jacobian in JAX's layout: out's structure, each float part replaced by
    the input's structure, each part a block of shape out.shape + in.shape."""
    def jf(*args, **kwargs):
        idx, single = _argnums(f, argnums, len(args))
        out, cols = _jacobian(f, args, idx, kwargs)
        sel = args[idx[0]] if single else tuple(args[i] for i in idx)
        sizes = lambda shapes: [int(np.prod(s)) if s else 1 for s in shapes]
        ins, outs = _units(sel), _units(out)
        blocks, r = [], 0
        for so, no in zip(outs, sizes(outs)):
            row, c = [], 0
            for si, ni in zip(ins, sizes(ins)):
                vals = [cols[j][i] for i in range(r, r + no) for j in range(c, c + ni)]
                row.append(vals[0] if so + si == () else np.array(vals).reshape(so + si))
                c += ni
            rit = iter(row)
            blocks.append(_build(sel, lambda _: next(rit), zero=True))
            r += no
        bit = iter(blocks)
        return _build(out, lambda _: next(bit), zero=True)
    return jf


def jacfwd(f, argnums=0):
    return _jac(f, argnums)


def jacrev(f, argnums=0):
    return _jac(f, argnums)


def hessian(f, argnums=0):
    return jacfwd(jacrev(f, argnums), argnums)

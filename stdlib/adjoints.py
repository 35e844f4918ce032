"""Backpropagators of the primitives, written in myia's own language.

One `bprop_<prim>(args..., out, dout)` per primitive: given the primitive's
arguments, its output and the sensitivity of the output, return the tuple
of the arguments' sensitivities. They are ordinary myia functions, so the
J transform can differentiate them again: that is what makes second and
higher order work. make_tuple, make_list and print are variadic and get
their backpropagators from the ad package, per arity.

Inside the stdlib every primitive is callable by its name.
"""


def bprop_switch(c, a, b, out, dout):
    return (zeros_like(c), switch(c, dout, zeros_like(a)), switch(c, zeros_like(b), dout))


def bprop_depend(x, e, out, dout):
    return (dout, zeros_like(e))


def bprop_getitem(seq, i, out, dout):
    return (tuple_setitem(zeros_like(seq), i, dout), zeros_like(i))


def bprop_slice(seq, lo, hi, step, out, dout):
    idx = slice(make_range(0, len(seq), 1), lo, hi, step)
    d = zeros_like(seq)
    for k in range(len(idx)):
        d = tuple_setitem(d, idx[k], dout[k])
    return (d, zeros_like(lo), zeros_like(hi), zeros_like(step))


def bprop_len(x, out, dout):
    return (zeros_like(x),)


def bprop_make_range(a, b, c, out, dout):
    return (zeros_like(a), zeros_like(b), zeros_like(c))


def bprop_contains(s, x, out, dout):
    return (zeros_like(s), zeros_like(x))


def bprop_add(x, y, out, dout):
    if is_seq(x):
        n = len(x)
        return (slice(dout, 0, n, None), slice(dout, n, None, None))
    return (dout, dout)


def bprop_sub(x, y, out, dout):
    return (dout, -dout)


def bprop_mul(x, y, out, dout):
    return (dout * y, dout * x)


def bprop_truediv(x, y, out, dout):
    return (dout / y, -dout * out / y)


def bprop_floordiv(x, y, out, dout):
    return (zeros_like(x), zeros_like(y))


def bprop_mod(x, y, out, dout):
    return (dout, -dout * floordiv(x, y))


def bprop_pow(x, y, out, dout):
    if y == 0:
        dx = zeros_like(dout)
    else:
        dx = dout * y * to_float(x) ** (y - 1)
    if to_float(x) > 0.0:
        dy = dout * out * log(x)
    else:
        dy = zeros_like(dout)
    return (dx, dy)


def bprop_neg(x, out, dout):
    return (-dout,)


def bprop_pos(x, out, dout):
    return (dout,)


def bprop_abs(x, out, dout):
    if x >= 0:
        return (dout,)
    return (-dout,)


def bprop_eq(x, y, out, dout):
    return (zeros_like(x), zeros_like(y))


def bprop_ne(x, y, out, dout):
    return (zeros_like(x), zeros_like(y))


def bprop_lt(x, y, out, dout):
    return (zeros_like(x), zeros_like(y))


def bprop_le(x, y, out, dout):
    return (zeros_like(x), zeros_like(y))


def bprop_gt(x, y, out, dout):
    return (zeros_like(x), zeros_like(y))


def bprop_ge(x, y, out, dout):
    return (zeros_like(x), zeros_like(y))


def bprop_not(x, out, dout):
    return (zeros_like(x),)


def bprop_truth(x, out, dout):
    return (zeros_like(x),)


def bprop_is_none(x, out, dout):
    return (zeros_like(x),)


def bprop_to_int(x, out, dout):
    return (zeros_like(x),)


def bprop_to_float(x, out, dout):
    return (fix_sens(x, dout),)


def bprop_scalar_min(x, y, out, dout):
    if x <= y:
        return (dout, zeros_like(dout))
    return (zeros_like(dout), dout)


def bprop_scalar_max(x, y, out, dout):
    if x >= y:
        return (dout, zeros_like(dout))
    return (zeros_like(dout), dout)


def bprop_exp(x, out, dout):
    return (dout * out,)


def bprop_log(x, out, dout):
    return (dout / x,)


def bprop_sqrt(x, out, dout):
    return (dout / (2.0 * out),)


def bprop_sin(x, out, dout):
    return (dout * cos(x),)


def bprop_cos(x, out, dout):
    return (-dout * sin(x),)


def bprop_tan(x, out, dout):
    return (dout * (1.0 + out * out),)


def bprop_tanh(x, out, dout):
    return (dout * (1.0 - out * out),)


def bprop_assert(c, msg, out, dout):
    return (zeros_like(c), zeros_like(msg))


def bprop_J(f, out, dout):
    # J(f)'s environment uses the keys of f's (see ad.Transformer.Key), so
    # the sensitivity of J(f) is that of f.
    return (dout,)


def bprop_zeros_like(x, out, dout):
    return (zeros_like(x),)


def bprop_ones_like(x, out, dout):
    return (zeros_like(x),)


def bprop_gadd(x, y, out, dout):
    return (dout, dout)


def bprop_newenv(out, dout):
    return ()


def bprop_env_setitem(env, key, v, out, dout):
    return (env_setitem(dout, key, zeros_like(v)), zeros_like(key), env_getitem(dout, key, zeros_like(v)))


def bprop_env_getitem(env, key, default, out, dout):
    return (env_setitem(newenv(), key, dout), zeros_like(key), zeros_like(default))


def bprop_tuple_setitem(t, i, v, out, dout):
    return (tuple_setitem(dout, i, zeros_like(v)), zeros_like(i), getitem(dout, i))


def bprop_grad_sens(y, out, dout):
    return (zeros_like(y),)


def bprop_fix_sens(x, d, out, dout):
    return (zeros_like(x), fix_sens(x, dout))


def bprop_stop_gradient(x, out, dout):
    return (zeros_like(x),)


def bprop_is_seq(x, out, dout):
    return (zeros_like(x),)

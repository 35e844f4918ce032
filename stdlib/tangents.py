"""Tangent rules of the primitives, written in myia's own language.

One `jvp_<prim>(args..., out, dargs...)` per primitive: given the
primitive's arguments, its output and the tangents of the arguments,
return the tangent of the output. The JF transform (forward mode: jvp,
jacfwd, hessian) calls them; they are ordinary myia functions, so both
transforms can differentiate them again. make_tuple, make_list, print, J
and JF get their tangents from the ad package.

A tangent has the structure of its value: a float for a float, an array
of the same shape for an array, a tuple of tangents for a tuple, and
zero (zeros_like) for an int, a bool or anything not differentiable.
Functions have no tangent of their own: their transform carries the
tangents of what they capture. The tangent of a string or a range is
None.

Inside the stdlib every primitive is callable by its name; the helpers
_unreduce and _prod_others are those of adjoints.py.
"""


def jvp_switch(c, a, b, out, dc, da, db):
    return switch(c, da, db)


def jvp_depend(x, e, out, dx, de):
    return dx


def jvp_getitem(seq, i, out, dseq, di):
    if dseq is None:
        return zeros_like(out)
    return getitem(dseq, i)


def jvp_slice(seq, lo, hi, step, out, dseq, dlo, dhi, dstep):
    if dseq is None:
        return zeros_like(out)
    return slice(dseq, lo, hi, step)


def jvp_len(x, out, dx):
    return zeros_like(out)


def jvp_make_range(a, b, c, out, da, db, dc):
    return zeros_like(out)


def jvp_contains(s, x, out, ds, dx):
    return zeros_like(out)


def jvp_add(x, y, out, dx, dy):
    # Numbers and arrays add; tuples and lists concatenate, and so do
    # their tangents.
    return dx + dy


def jvp_sub(x, y, out, dx, dy):
    return dx - dy


def jvp_mul(x, y, out, dx, dy):
    if is_seq(out):  # a sequence repeated: so is its tangent
        if is_seq(x):
            return dx * y
        return x * dy
    return dx * y + x * dy


def jvp_truediv(x, y, out, dx, dy):
    return (dx - out * dy) / y


def jvp_floordiv(x, y, out, dx, dy):
    return zeros_like(out)


def jvp_mod(x, y, out, dx, dy):
    # x % y = x - y * floor(x / y), and floor is flat.
    return fix_sens(out, dx - dy * floordiv(x, y))


def jvp_pow(x, y, out, dx, dy):
    if np_ndim(x) + np_ndim(y) > 0:
        a = np_where(y == 0, 0.0, dx * y * x ** (y - 1))
        pos = x > 0
        b = np_where(pos, dy * out * log(np_where(pos, x, 1.0)), 0.0)
        return fix_sens(out, a + b)
    a = 0.0
    if y != 0:
        a = dx * y * to_float(x) ** (y - 1)
    if dy == 0:  # an int exponent: no term, not 0 * out * log(x)
        return fix_sens(out, a)
    b = 0.0
    if to_float(x) > 0.0:
        b = dy * out * log(x)
    return fix_sens(out, a + b)


def jvp_neg(x, out, dx):
    return -dx


def jvp_pos(x, out, dx):
    return dx


def jvp_abs(x, out, dx):
    if np_ndim(x) > 0:
        # Not -dx: see bprop_abs.
        return fix_sens(out, np_where(x >= 0, dx, dx * -1.0))
    if x >= 0:
        return dx
    return -dx


def jvp_eq(x, y, out, dx, dy):
    return zeros_like(out)


def jvp_ne(x, y, out, dx, dy):
    return zeros_like(out)


def jvp_lt(x, y, out, dx, dy):
    return zeros_like(out)


def jvp_le(x, y, out, dx, dy):
    return zeros_like(out)


def jvp_gt(x, y, out, dx, dy):
    return zeros_like(out)


def jvp_ge(x, y, out, dx, dy):
    return zeros_like(out)


def jvp_not(x, out, dx):
    return zeros_like(out)


def jvp_truth(x, out, dx):
    return zeros_like(out)


def jvp_is_none(x, out, dx):
    return zeros_like(out)


def jvp_to_int(x, out, dx):
    return zeros_like(out)


def jvp_to_float(x, out, dx):
    return to_float(dx)


def jvp_scalar_min(x, y, out, dx, dy):
    if x <= y:
        return fix_sens(out, to_float(dx))
    return fix_sens(out, to_float(dy))


def jvp_scalar_max(x, y, out, dx, dy):
    if x >= y:
        return fix_sens(out, to_float(dx))
    return fix_sens(out, to_float(dy))


def jvp_exp(x, out, dx):
    return dx * out


def jvp_log(x, out, dx):
    if np_ndim(x) == 0:
        # As bprop_log: the derivative raises where math.log does.
        return check(not x <= 0, "math domain error", dx / x)
    return dx / x


def jvp_sqrt(x, out, dx):
    return dx / (2.0 * out)


def jvp_sin(x, out, dx):
    return dx * cos(x)


def jvp_cos(x, out, dx):
    return -dx * sin(x)


def jvp_tan(x, out, dx):
    return dx * (1.0 + out * out)


def jvp_tanh(x, out, dx):
    return dx * (1.0 - out * out)


def jvp_assert(c, msg, out, dc, dmsg):
    return zeros_like(out)


def jvp_check(c, msg, x, out, dc, dmsg, dx):
    return dx


def jvp_unpack(x, n, out, dx, dn):
    return dx


def jvp_attr_check(x, name, out, dx, dname):
    return dx


def jvp_matmul_check(a, b, op, out, da, db, dop):
    return da


def jvp_zeros_like(x, out, dx):
    return zeros_like(out)


def jvp_ones_like(x, out, dx):
    return zeros_like(out)


def jvp_gadd(x, y, out, dx, dy):
    return gadd(dx, dy)


def jvp_newenv(out):
    return newenv()


def jvp_env_setitem(env, key, v, out, denv, dkey, dv):
    return env_setitem(denv, key, dv)


def jvp_env_getitem(env, key, default, out, denv, dkey, ddefault):
    return env_getitem(denv, key, ddefault)


def jvp_tuple_setitem(t, i, v, out, dt, di, dv):
    return tuple_setitem(dt, i, dv)


def jvp_grad_sens(y, out, dy):
    return zeros_like(out)


def jvp_fix_sens(x, d, out, dx, dd):
    return fix_sens(x, dd)


def jvp_check_sens(x, d, msg, out, dx, dd, dmsg):
    return dd


def jvp_stop_gradient(x, out, dx):
    return zeros_like(out)


def jvp_is_seq(x, out, dx):
    return zeros_like(out)


def jvp_grad_forward(x, rest, out, dx, drest):
    return zeros_like(out)


def jvp_list_push(l, x, out, dl, dx):
    return list_push(dl, dx)


# Arrays.


def jvp_make_slice(lo, hi, step, out, dlo, dhi, dstep):
    return zeros_like(out)


def jvp_np_array(x, out, dx):
    return np_array(dx)


def jvp_np_zeros(shape, out, dshape):
    return zeros_like(out)


def jvp_np_ones(shape, out, dshape):
    return zeros_like(out)


def jvp_np_full(shape, v, out, dshape, dv):
    return np_full(shape, dv)


def jvp_np_arange(start, stop, step, out, dstart, dstop, dstep):
    return zeros_like(out)


def jvp_np_eye(n, m, k, out, dn, dm, dk):
    return zeros_like(out)


def jvp_np_log1p(x, out, dx):
    return dx / (1.0 + x)


def jvp_np_expm1(x, out, dx):
    return dx * (out + 1.0)


def jvp_np_exp(x, out, dx):
    return dx * out


def jvp_np_log(x, out, dx):
    return dx / x


def jvp_np_sqrt(x, out, dx):
    return dx / (2.0 * out)


def jvp_np_sin(x, out, dx):
    return dx * np_cos(x)


def jvp_np_cos(x, out, dx):
    return -dx * np_sin(x)


def jvp_np_tan(x, out, dx):
    return dx * (1.0 + out * out)


def jvp_np_maximum(a, b, out, da, db):
    return np_where(a >= b, da, db)


def jvp_np_minimum(a, b, out, da, db):
    return np_where(a <= b, da, db)


def jvp_np_where(c, a, b, out, dc, da, db):
    return np_where(c, da, db)


def jvp_np_dot(a, b, out, da, db):
    return np_dot(da, b) + np_dot(a, db)


def jvp_np_outer(a, b, out, da, db):
    return np_outer(da, b) + np_outer(a, db)


def jvp_np_sum(x, axis, keepdims, out, dx, daxis, dkeepdims):
    return np_sum(dx, axis, keepdims)


def jvp_np_mean(x, axis, keepdims, out, dx, daxis, dkeepdims):
    return fix_sens(out, np_mean(dx, axis, keepdims))


def _jvp_extremum(x, axis, keepdims, out, dx):
    # Ties share the tangent, as they share the sensitivity in reverse.
    hit = np_where(x == _unreduce(x, axis, keepdims, out), 1.0, 0.0)
    return fix_sens(out, np_sum(hit * dx, axis, keepdims) / np_sum(hit, axis, keepdims))


def jvp_np_max(x, axis, keepdims, out, dx, daxis, dkeepdims):
    return _jvp_extremum(x, axis, keepdims, out, dx)


def jvp_np_min(x, axis, keepdims, out, dx, daxis, dkeepdims):
    return _jvp_extremum(x, axis, keepdims, out, dx)


def jvp_np_prod(x, axis, keepdims, out, dx, daxis, dkeepdims):
    return fix_sens(out, np_sum(_prod_others(x, axis) * dx, axis, keepdims))


def jvp_np_reshape(x, shape, out, dx, dshape):
    return np_reshape(dx, shape)


def jvp_np_transpose(x, axes, out, dx, daxes):
    return np_transpose(dx, axes)


def jvp_np_concatenate(seq, axis, out, dseq, daxis):
    return np_concatenate(dseq, axis)


def jvp_np_stack(seq, axis, out, dseq, daxis):
    return np_stack(dseq, axis)


def jvp_np_split_like(d, seq, axis, out, dd, dseq, daxis):
    return np_split_like(dd, seq, axis)


def jvp_np_shape(x, out, dx):
    return zeros_like(out)


def jvp_np_ndim(x, out, dx):
    return zeros_like(out)


def jvp_np_broadcast_to(x, shape, out, dx, dshape):
    return np_broadcast_to(dx, shape)


def jvp_sum_to_like(d, x, out, dd, dx):
    return sum_to_like(dd, x)


# not_none is where a test narrowed a value that may be None: the value.
def jvp_not_none(x, out, dx):
    return not_none(dx)

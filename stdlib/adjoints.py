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
    d = tuple_setitem(zeros_like(seq), make_slice(lo, hi, step), dout)
    return (d, zeros_like(lo), zeros_like(hi), zeros_like(step))


def bprop_len(x, out, dout):
    return (zeros_like(x),)


def bprop_make_range(a, b, c, out, dout):
    return (zeros_like(a), zeros_like(b), zeros_like(c))


def bprop_contains(s, x, out, dout):
    return (zeros_like(s), zeros_like(x))


def bprop_add(x, y, out, dout):
    if is_seq(out):  # as x is; of out, opt knows more often (x + 1.0)
        n = len(x)
        return (slice(dout, 0, n, None), slice(dout, n, None, None))
    return (sum_to_like(dout, x), sum_to_like(dout, y))


def bprop_sub(x, y, out, dout):
    return (sum_to_like(dout, x), sum_to_like(-dout, y))


def bprop_mul(x, y, out, dout):
    return (sum_to_like(dout * y, x), sum_to_like(dout * x, y))


def bprop_truediv(x, y, out, dout):
    return (sum_to_like(dout / y, x), sum_to_like(-dout * out / y, y))


def bprop_floordiv(x, y, out, dout):
    return (zeros_like(x), zeros_like(y))


def bprop_mod(x, y, out, dout):
    return (sum_to_like(dout, x), sum_to_like(-dout * floordiv(x, y), y))


def bprop_pow(x, y, out, dout):
    if np_ndim(x) + np_ndim(y) > 0:
        dx = np_where(y == 0, 0.0, dout * y * x ** (y - 1))
        pos = x > 0
        dy = np_where(pos, dout * out * log(np_where(pos, x, 1.0)), 0.0)
        return (sum_to_like(dx, x), sum_to_like(dy, y))
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
    if np_ndim(x) > 0:
        # Not -dout: the sensitivity of a bool array may be a bool array,
        # which numpy does not negate (its derivative is zero anyway).
        return (fix_sens(x, np_where(x >= 0, dout, dout * -1.0)),)
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


def bprop_check(c, msg, x, out, dout):
    return (zeros_like(c), zeros_like(msg), dout)


def bprop_unpack(x, n, out, dout):
    return (dout, zeros_like(n))


def bprop_attr_check(x, name, out, dout):
    return (dout, zeros_like(name))


def bprop_matmul_check(a, b, op, out, dout):
    return (dout, zeros_like(b), zeros_like(op))


def bprop_J(f, out, dout):
    # J(f)'s environment uses the keys of f's (see ad.Transformer.Key), so
    # the sensitivity of J(f) is that of f.
    return (dout,)


def bprop_JF(f, out, dout):
    # JF of data is the data; JF(f)'s environment uses the keys of f's.
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


def bprop_check_sens(x, d, msg, out, dout):
    return (zeros_like(x), dout, zeros_like(msg))


def bprop_stop_gradient(x, out, dout):
    return (zeros_like(x),)


def bprop_is_seq(x, out, dout):
    return (zeros_like(x),)


def bprop_grad_forward(x, rest, out, dout):
    return (zeros_like(x), zeros_like(rest))


def bprop_list_push(l, x, out, dout):
    n = len(l)
    return (slice(dout, 0, n, None), getitem(dout, n))


# Arrays. Broadcasting is undone by sum_to_like; a reduction is undone by
# _unreduce, which puts the reduced axes back and broadcasts.


def _unreduce(x, axis, keepdims, d):
    # d has the shape of a reduction of x over axis, kept if keepdims:
    # give it x's shape. The reduced axes are put back only where they
    # were dropped (the sum that gives the kept shape is not free).
    if axis is None or keepdims:
        return np_broadcast_to(d, np_shape(x))
    kept = np_shape(np_sum(x, axis, True))
    return np_broadcast_to(np_reshape(d, kept), np_shape(x))


def _count(x, out):
    # How many elements of x each element of a reduction out summarises.
    return to_float(np_prod(np_shape(x), None, False)) / to_float(np_prod(np_shape(out), None, False))


def bprop_make_slice(lo, hi, step, out, dout):
    return (zeros_like(lo), zeros_like(hi), zeros_like(step))


def _unarray(d, x):
    # The sensitivity of the sequences np.array(x) was made from.
    if is_seq(x):
        r = zeros_like(x)
        for i in range(len(x)):
            r = tuple_setitem(r, i, _unarray(d[i], x[i]))
        return r
    return fix_sens(x, d)


def bprop_np_array(x, out, dout):
    return (_unarray(dout, x),)


def bprop_np_zeros(shape, out, dout):
    return (zeros_like(shape),)


def bprop_np_ones(shape, out, dout):
    return (zeros_like(shape),)


def bprop_np_full(shape, v, out, dout):
    return (zeros_like(shape), fix_sens(v, np_sum(dout, None, False)))


def bprop_np_arange(start, stop, step, out, dout):
    return (zeros_like(start), zeros_like(stop), zeros_like(step))


def bprop_np_eye(n, m, k, out, dout):
    return (zeros_like(n), zeros_like(m), zeros_like(k))


def bprop_np_log1p(x, out, dout):
    return (dout / (1.0 + x),)


def bprop_np_expm1(x, out, dout):
    return (dout * (out + 1.0),)


# numpy's math functions: the rules of exp... tan (np.sin's derivative is
# np.cos, which gives nan where math.cos would raise).
def bprop_np_exp(x, out, dout):
    return (dout * out,)


def bprop_np_log(x, out, dout):
    return (dout / x,)


def bprop_np_sqrt(x, out, dout):
    return (dout / (2.0 * out),)


def bprop_np_sin(x, out, dout):
    return (dout * np_cos(x),)


def bprop_np_cos(x, out, dout):
    return (-dout * np_sin(x),)


def bprop_np_tan(x, out, dout):
    return (dout * (1.0 + out * out),)


def bprop_np_maximum(a, b, out, dout):
    m = a >= b
    return (sum_to_like(np_where(m, dout, 0.0), a), sum_to_like(np_where(m, 0.0, dout), b))


def bprop_np_minimum(a, b, out, dout):
    m = a <= b
    return (sum_to_like(np_where(m, dout, 0.0), a), sum_to_like(np_where(m, 0.0, dout), b))


def bprop_np_where(c, a, b, out, dout):
    return (zeros_like(c), sum_to_like(np_where(c, dout, 0.0), a), sum_to_like(np_where(c, 0.0, dout), b))


def _dot_da(a, b, dout):
    na = np_ndim(a)
    nb = np_ndim(b)
    if na == 0 or nb == 0:
        return sum_to_like(dout * b, a)
    if na == 1 and nb == 1:
        return dout * b
    if na == 1:
        return np_dot(b, dout)
    if nb == 1:
        if na > 2:  # a batch of matrices times a vector
            return np_reshape(np_outer(dout, b), np_shape(a))
        return np_outer(dout, b)
    return np_dot(dout, np_transpose(b, None))


def _dot_db(a, b, dout):
    na = np_ndim(a)
    nb = np_ndim(b)
    if na == 0 or nb == 0:
        return sum_to_like(dout * a, b)
    if na == 1 and nb == 1:
        return dout * a
    if na == 1:
        return np_outer(a, dout)
    if na > 2:
        # A batch of matrices (x @ W with x of shape (batch, n, k)): the
        # rows of all of them, one matrix.
        a2 = np_reshape(a, (-1, np_shape(a)[na - 1]))
        if nb == 1:
            return np_dot(np_reshape(dout, -1), a2)
        return np_dot(np_transpose(a2, None), np_reshape(dout, (-1, np_shape(b)[1])))
    if nb == 1:
        return np_dot(dout, a)
    return np_dot(np_transpose(a, None), dout)


def bprop_np_dot(a, b, out, dout):
    # Two calls, not one branch computing both: when only one of the
    # sensitivities is used (the data of a layer is not differentiated),
    # the optimizer drops the other product.
    return (_dot_da(a, b, dout), _dot_db(a, b, dout))


def bprop_np_outer(a, b, out, dout):
    fa = np_reshape(a, -1)
    fb = np_reshape(b, -1)
    return (np_reshape(np_dot(dout, fb), np_shape(a)), np_reshape(np_dot(fa, dout), np_shape(b)))


def _holds_arrays(x):
    # x is a tuple or a list of arrays (np.mean(xs, axis=0)): its
    # reductions are those of the array it makes, whose sensitivity
    # _unarray gives back as x's. np_ndim is known from x's type.
    return is_seq(x) and np_ndim(x) > 1


def bprop_np_sum(x, axis, keepdims, out, dout):
    if _holds_arrays(x):
        return (_unarray(_unreduce(np_array(x), axis, keepdims, dout), x), zeros_like(axis), zeros_like(keepdims))
    return (fix_sens(x, _unreduce(x, axis, keepdims, dout)), zeros_like(axis), zeros_like(keepdims))


def bprop_np_mean(x, axis, keepdims, out, dout):
    if _holds_arrays(x):
        a = np_array(x)
        return (_unarray(_unreduce(a, axis, keepdims, dout) / _count(a, out), x), zeros_like(axis), zeros_like(keepdims))
    return (fix_sens(x, _unreduce(x, axis, keepdims, dout) / _count(x, out)), zeros_like(axis), zeros_like(keepdims))


def _bprop_extremum(x, axis, keepdims, out, dout):
    # Not recursive: a recursive function's calls forget the constants
    # _unreduce needs.
    if _holds_arrays(x):
        return _unarray(_extremum_sens(np_array(x), axis, keepdims, out, dout), x)
    return _extremum_sens(x, axis, keepdims, out, dout)


def _extremum_sens(x, axis, keepdims, out, dout):
    hit = np_where(x == _unreduce(x, axis, keepdims, out), 1.0, 0.0)
    ties = _unreduce(x, axis, True, np_sum(hit, axis, True))
    return fix_sens(x, hit * _unreduce(x, axis, keepdims, dout) / ties)


def bprop_np_max(x, axis, keepdims, out, dout):
    return (_bprop_extremum(x, axis, keepdims, out, dout), zeros_like(axis), zeros_like(keepdims))


def bprop_np_min(x, axis, keepdims, out, dout):
    return (_bprop_extremum(x, axis, keepdims, out, dout), zeros_like(axis), zeros_like(keepdims))


def bprop_np_prod(x, axis, keepdims, out, dout):
    # The derivative of a product by one factor is the product of the
    # others, not out / x: that is NaN where x is 0. With `rest` the
    # product of the nonzero factors and `zeros` how many are 0: where
    # none is, rest / x; where one is, rest at the 0 and 0 elsewhere;
    # where more are, 0.
    if is_seq(x):
        # np.prod of a tuple (of a shape, in jacrev): of the array it makes.
        return (_unarray(_prod_sens(np_array(x), axis, keepdims, dout), x), zeros_like(axis), zeros_like(keepdims))
    return (fix_sens(x, _prod_sens(x, axis, keepdims, dout)), zeros_like(axis), zeros_like(keepdims))


def _prod_sens(x, axis, keepdims, dout):
    # The sensitivity of the array x of np.prod(x, axis, keepdims).
    return _prod_others(x, axis) * _unreduce(x, axis, keepdims, dout)


def _prod_others(x, axis):
    # For each element of x, the product of the other elements of its
    # reduction over axis.
    zero = x == 0
    safe = np_where(zero, 1.0, x)
    zeros = _unreduce(x, axis, True, np_sum(np_where(zero, 1.0, 0.0), axis, True))
    rest = _unreduce(x, axis, True, np_prod(safe, axis, True))
    return np_where(zeros == 0.0, rest / safe, np_where(zero, np_where(zeros == 1.0, rest, 0.0), 0.0))


def bprop_np_reshape(x, shape, out, dout):
    return (np_reshape(dout, np_shape(x)), zeros_like(shape))


def bprop_np_transpose(x, axes, out, dout):
    if axes is None:
        return (np_transpose(dout, None), zeros_like(axes))
    inv = axes
    for i in range(len(axes)):
        inv = tuple_setitem(inv, axes[i], i)
    return (np_transpose(dout, inv), zeros_like(axes))


def bprop_np_concatenate(seq, axis, out, dout):
    return (np_split_like(dout, seq, axis), zeros_like(axis))


def bprop_np_stack(seq, axis, out, dout):
    return (np_split_like(dout, seq, axis), zeros_like(axis))


def bprop_np_split_like(d, seq, axis, out, dout):
    if np_ndim(d) == np_ndim(seq[0]):
        return (np_concatenate(dout, axis), zeros_like(seq), zeros_like(axis))
    return (np_stack(dout, axis), zeros_like(seq), zeros_like(axis))


def bprop_np_shape(x, out, dout):
    return (zeros_like(x),)


def bprop_np_ndim(x, out, dout):
    return (zeros_like(x),)


def bprop_np_broadcast_to(x, shape, out, dout):
    return (sum_to_like(dout, x), zeros_like(shape))


def bprop_sum_to_like(d, x, out, dout):
    return (np_broadcast_to(dout, np_shape(d)), zeros_like(x))


# not_none is where a test narrowed a value that may be None: the value.
def bprop_not_none(x, out, dout):
    return (dout,)

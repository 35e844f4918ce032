"""Builtins written in the language itself.

The builder calls these for the builtins that are loops over a sequence:
sum(xs), min(xs) and max(xs) with one argument.
"""


def sum(xs, start=0):
    s = start
    for x in xs:
        s = s + x
    return s


def min_of(xs):
    assert len(xs) > 0, "min() arg is an empty sequence"
    best = xs[0]
    for x in xs:
        if x < best:
            best = x
    return best


def max_of(xs):
    assert len(xs) > 0, "max() arg is an empty sequence"
    best = xs[0]
    for x in xs:
        if x > best:
            best = x
    return best


def max_value(a, b=None, c=None, d=None, e=None, f=None):
    """max as a function value (h = max; h(xs) or h(x, y, ...)): max_of
    its one sequence, else the largest of up to six numbers."""
    if b is None:
        return max_of(a)
    m = max(a, b)
    if c is not None:
        m = max(m, c)
    if d is not None:
        m = max(m, d)
    if e is not None:
        m = max(m, e)
    if f is not None:
        m = max(m, f)
    return m


def min_value(a, b=None, c=None, d=None, e=None, f=None):
    """min as a function value: see max_value."""
    if b is None:
        return min_of(a)
    m = min(a, b)
    if c is not None:
        m = min(m, c)
    if d is not None:
        m = min(m, d)
    if e is not None:
        m = min(m, e)
    if f is not None:
        m = min(m, f)
    return m


# Jacobians in JAX's layout: the Jacobian of f: X -> Y has the structure
# of Y, each leaf of which has the structure of X, each leaf of that a
# block of shape out_leaf.shape + in_leaf.shape (a float's shape is ()).
# The leaves of a tuple (floats, arrays; ints, whose derivatives are
# zeros) are handled as a flat tuple, _flatten's. The loops over such
# tuples take them apart as head and tail, rest[0] and rest[1:], and
# never index them with the loop's counter: the inferrer unrolls them, as
# the tail changes type at each iteration, and reverse mode through them
# (jacrev of jacrev) needs the indices constant. Only a nested tuple is
# taken apart by a recursion (_flatten_deep, _unflatten_deep): a
# recursion forgets the constants and, past a few specialisations, the
# shapes of its arguments.


def jac_rows(out, pb):
    """jacrev: the Jacobian from out = f(x) and the pullback pb of f at x.
    Each block is made of the rows pb(e_i), one per element of its output
    leaf."""
    if is_seq(out):
        blocks = ()
        before = ()
        rest = _flatten(out)
        for i in range(len(rest)):
            leaf = rest[0]
            rest = rest[1:]
            blocks = blocks + (_jac_rows_leaf(leaf, _along(out, before, rest, pb)),)
            before = before + (leaf,)
        return _unflatten(out, blocks)
    return _jac_rows_leaf(out, pb)


def jac_cols(x, jv):
    """jacfwd: the Jacobian from x and the Jacobian-vector product jv of f
    at x. Each block is made of the columns jv(e_j), one per element of its
    input leaf."""
    if is_seq(x):
        cols = ()
        before = ()
        rest = _flatten(x)
        for j in range(len(rest)):
            leaf = rest[0]
            rest = rest[1:]
            cols = cols + (_jac_cols_leaf(leaf, _along(x, before, rest, jv)),)
            before = before + (leaf,)
        return _jac_swap(x, cols)
    return _jac_cols_leaf(x, jv)


def _jac_rows_leaf(out, pb):
    # The Jacobian of a float or array out: of x's structure.
    if np_ndim(out) > 0:
        rows = ()
        for i in range(_size(out)):
            rows = rows + (pb(_unit(out, i)),)
        return _stack_rows(rows, out)
    return pb(fix_sens(out, 1.0))


def _jac_cols_leaf(x, jv):
    # The derivative along a float or array x: of out's structure.
    if np_ndim(x) > 0:
        cols = ()
        for j in range(_size(x)):
            cols = cols + (jv(_unit(x, j)),)
        return _stack_cols(cols, x)
    return jv(fix_sens(x, 1.0))


def _jac_swap(x, cols):
    # cols: per leaf of x, the derivative along it, of out's structure:
    # out's structure of values of x's.
    out = cols[0]
    if is_seq(out):
        blocks = ()
        rest = _by_leaf(cols)
        for i in range(len(rest)):
            blocks = blocks + (_unflatten(x, rest[0]),)
            rest = rest[1:]
        return _unflatten(out, blocks)
    return _unflatten(x, cols)


def _stack_rows(rows, out):
    # rows: one per element of the array out, of x's structure: x's
    # structure of blocks out.shape + leaf.shape.
    p = rows[0]
    if is_seq(p):
        blocks = ()
        rest = _by_leaf(rows)
        for j in range(len(rest)):
            blocks = blocks + (_rows_block(rest[0], out),)
            rest = rest[1:]
        return _unflatten(p, blocks)
    return _rows_block(rows, out)


def _stack_cols(cols, x):
    # cols: one per element of the array x, of out's structure: out's
    # structure of blocks leaf.shape + x.shape.
    c = cols[0]
    if is_seq(c):
        blocks = ()
        rest = _by_leaf(cols)
        for i in range(len(rest)):
            blocks = blocks + (_cols_block(rest[0], x),)
            rest = rest[1:]
        return _unflatten(c, blocks)
    return _cols_block(cols, x)


def _rows_block(rows, out):
    # The rows, one per element of the array out: out.shape + row.shape.
    return np_reshape(np_stack(rows, 0), np_shape(out) + np_shape(rows[0]))


def _cols_block(cols, x):
    # The columns, one per element of the array x: col.shape + x.shape.
    c = cols[0]
    return np_reshape(np_stack(cols, np_ndim(c)), np_shape(c) + np_shape(x))


def _along(s, before, after, fn):
    # fn along the leaf of s between the leaves before and after: fn of
    # zeros of s's structure but d at that leaf.
    def at(d):
        return fn(_unflatten(s, zeros_like(before) + (d,) + zeros_like(after)))
    return at


def _size(x):
    return np_prod(np_shape(x), None, False)


def _unit(x, k):
    # The float or array x's basis vector k: zeros but a 1.0 at flat
    # index k (zeros of x's type if x is an int array).
    flat = np_reshape(np_zeros(np_shape(x)), -1)
    return fix_sens(x, np_reshape(tuple_setitem(flat, k, 1.0), np_shape(x)))


def _by_leaf(parts):
    # parts: a tuple of values of one structure; per leaf of it, the tuple
    # of that leaf of each part.
    flat = ()
    rest = parts
    for k in range(len(parts)):
        flat = flat + (_flatten(rest[0]),)
        rest = rest[1:]
    r = ()
    for j in range(len(flat[0])):
        heads = ()
        tails = ()
        rest = flat
        for k in range(len(flat)):
            heads = heads + (rest[0][0],)
            tails = tails + (rest[0][1:],)
            rest = rest[1:]
        r = r + (heads,)
        flat = tails
    return r


def _flatten(s):
    # The leaves of s, in order, as a tuple.
    if is_seq(s):
        r = ()
        rest = s
        for i in range(len(s)):
            r = r + _flatten_in(rest[0])
            rest = rest[1:]
        return r
    return (s,)


def _flatten_in(e):
    if is_seq(e):
        return _flatten_deep(e)
    return (e,)


def _flatten_deep(s):
    # _flatten, by recursion.
    if is_seq(s):
        r = ()
        rest = s
        for i in range(len(s)):
            r = r + _flatten_deep(rest[0])
            rest = rest[1:]
        return r
    return (s,)


def _unflatten(s, leaves):
    # s's structure (as tuples) with the leaves in order, whatever they are.
    if is_seq(s):
        r = ()
        es = s
        rest = leaves
        for i in range(len(s)):
            vr = _unflatten_in(es[0], rest)
            r = r + (vr[0],)
            es = es[1:]
            rest = vr[1]
        return r
    return leaves[0]


def _unflatten_in(e, leaves):
    # (e's structure with the first leaves, the rest of them).
    if is_seq(e):
        return _unflatten_deep(e, leaves)
    return (leaves[0], leaves[1:])


def _unflatten_deep(s, leaves):
    # _unflatten_in, by recursion.
    if is_seq(s):
        r = ()
        es = s
        rest = leaves
        for i in range(len(s)):
            vr = _unflatten_deep(es[0], rest)
            r = r + (vr[0],)
            es = es[1:]
            rest = vr[1]
        return (r, rest)
    return (leaves[0], leaves[1:])

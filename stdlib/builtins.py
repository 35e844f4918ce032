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


def jac_rows(out, pb):
    """jacrev: the rows pb(e_i) of the Jacobian, one per output of out."""
    if is_seq(out):
        rows = ()
        for i in range(len(out)):
            rows = rows + (pb(tuple_setitem(zeros_like(out), i, 1.0)),)
        return rows
    if np_ndim(out) > 0:
        # An array output: one row per element, shaped out.shape + x.shape.
        flat = np_reshape(zeros_like(out), -1)
        rows = ()
        for i in range(len(flat)):
            rows = rows + (pb(np_reshape(tuple_setitem(flat, i, 1.0), np_shape(out))),)
        return np_reshape(np_stack(rows, 0), np_shape(out) + np_shape(rows[0]))
    return pb(1.0)


def jac_cols(x, jv):
    """jacfwd: the columns jv(e_j) of the Jacobian, one per input of x,
    arranged as jacrev arranges rows: result[i][j] = d out_i / d x_j."""
    if is_seq(x):
        cols = ()
        for j in range(len(x)):
            cols = cols + (jv(tuple_setitem(zeros_like(x), j, 1.0)),)
        if is_seq(cols[0]):
            rows = ()
            for i in range(len(cols[0])):
                row = ()
                for j in range(len(cols)):
                    row = row + (cols[j][i],)
                rows = rows + (row,)
            return rows
        return cols
    if np_ndim(x) > 0:
        # An array input: one column per element, shaped out.shape + x.shape.
        flat = np_reshape(zeros_like(x), -1)
        cols = ()
        for j in range(len(flat)):
            cols = cols + (jv(np_reshape(tuple_setitem(flat, j, 1.0), np_shape(x))),)
        stacked = np_stack(cols, np_ndim(cols[0]))
        return np_reshape(stacked, np_shape(cols[0]) + np_shape(x))
    return jv(1.0)

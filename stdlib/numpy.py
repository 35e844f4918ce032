"""numpy functions written in the language itself, for the forms of
their arguments that the primitives do not take.

The builder calls np_concatenate_of and np_stack_of for np.concatenate
and np.stack of anything but a tuple or list literal: numpy also takes
an array there, as the sequence of its rows a[0], a[1]... Both are the
primitive of a tuple or a list, else an axis move (and, for
concatenate, a merge of two axes) of the array, with the errors of the
primitive applied to the first row. np_reshape_f is np.reshape with
order='F'.

Inside the stdlib every primitive is callable by its name.
"""

# The axes of an array, to slice permutations from (numpy's arrays have
# at most 32 dimensions).
_AXES = (0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18,
         19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31)


def _not_array(x):
    # x is not an array: the primitives say what it is in their errors.
    return is_seq(x) or is_none(x) or np_ndim(x) == 0


def _axis(axis, n):
    # axis normalised for n axes, as a constant of the IR even where it
    # is a parameter of known value (a default, through a function value):
    # the native backends need constant tuple slice bounds, and len of a
    # tuple is folded from its type.
    return len(_AXES[:axis % max(n, 1)])


def _row_first(a, axis):
    # a with its axis 0 moved to axis.
    return np_transpose(a, _AXES[1:axis + 1] + (0,) + _AXES[axis + 1:len(np_shape(a))])


def np_concatenate_of(arrays, axis):
    """np.concatenate(arrays, axis): of an array, the concatenation of
    its rows."""
    if _not_array(arrays):
        return np_concatenate(arrays, axis)
    if axis is None:
        return np_reshape(arrays, -1)
    # The primitive's errors for a row: zero-dimensional arrays cannot
    # be concatenated, an axis out of bounds or not an int.
    first = np_concatenate((arrays[0],), axis)
    k = _axis(axis, len(np_shape(first)))
    t = _row_first(arrays, k)
    s = np_shape(t)
    return np_reshape(t, s[:k] + (s[k] * s[k + 1],) + s[k + 2:])


def np_stack_of(arrays, axis):
    """np.stack(arrays, axis): of an array, its rows stacked along axis,
    its axis 0 moved there."""
    if _not_array(arrays):
        return np_stack(arrays, axis)
    # The primitive's errors for a row: an axis out of bounds or not an
    # int.
    first = np_stack((arrays[0],), axis)
    return _row_first(arrays, _axis(axis, len(np_shape(first))))


def np_reshape_f(a, shape):
    """np.reshape(a, shape, order='F'): a read and written with its first
    index changing fastest, which is the C order of the transposes."""
    if is_seq(shape):
        shape = shape[::-1]
    return np_transpose(np_reshape(np_transpose(a, None), shape), None)

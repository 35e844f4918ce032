"""Names bound inside a loop or on some branches only, read where they
are bound at run time: CPython runs these, and so does myia (a read that
finds the name unbound is a run-time error, see errors/run_unbound_*)."""


def last_square(n):
    for i in range(n):
        sq = i * i
    return sq, i


def previous(xs):
    # prev is bound from the second iteration on.
    out = 0.0
    for k, x in enumerate(xs):
        if k > 0:
            out += x * prev
        prev = x
    return out


def after_while(x):
    while x < 100.0:
        before = x
        x = x * 3.0
    return before, x


def first_neg(xs):
    for x in xs:
        if x < 0:
            found = x
            break
    return found


def pick(c, x):
    if c:
        y = x * 2.0
    else:
        z = x - 1.0
    if c:
        return y
    return z


def nested(n, m):
    for i in range(n):
        for j in range(m):
            cell = (i, j)
    return cell


def capture(n):
    for i in range(n):
        k = i + 10
    f = lambda a: a + k
    return f(1)


def elif_chain(v):
    if v < 0:
        kind = "neg"
    elif v == 0:
        kind = "zero"
    elif v < 10:
        kind = "small"
    return kind if v < 10 else "big"


def maybe_before(c, n):
    # bound before the loop on one branch only, then in the loop
    if c:
        y = 1.0
    for i in range(n):
        y = i * 2.0
    return y


def inner_break(n, m):
    for i in range(n):
        for j in range(m):
            if j == 1:
                break
            z = (i, j)
    return z


def skip_even(n):
    total = 0
    for i in range(n):
        if i % 2 == 0:
            continue
        odd = i
        total += odd
    return total, odd


def main():
    print(last_square(4))
    print(previous((1.0, 2.0, 3.0, 4.0)))
    print(after_while(2.0))
    print(first_neg((3, 1, -4, 1, -5)))
    print(pick(True, 3.0), pick(False, 3.0))
    print(nested(2, 3))
    print(capture(3))
    print(elif_chain(-1), elif_chain(0), elif_chain(5), elif_chain(50))
    print(maybe_before(True, 0), maybe_before(False, 3), maybe_before(True, 2))
    print(inner_break(3, 4), inner_break(2, 1))
    print(skip_even(6))

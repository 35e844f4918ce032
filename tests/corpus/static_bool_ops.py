"""Conditions that `and` / `or` make known at compile time: `x or y` is
x only where x is true, so `amount < 0 or len(coins) == 0` is true
where coins is (), and the recursion on coins[1:] ends statically; a
tuple repeated a number of times a parameter gives, known where the
function keeps its constants (min_coins(11, ...))."""


def change_ways(amount, coins):
    if amount == 0:
        return 1
    if amount < 0 or len(coins) == 0:
        return 0
    return change_ways(amount - coins[0], coins) + change_ways(amount, coins[1:])


def total(t, k):
    if not (k >= 0 and len(t) > 0):
        return 0
    return t[0] + total(t[1:], k)


def min_coins(amount, coins):
    best = (0,) + (amount + 1,) * amount
    for a in range(1, amount + 1):
        b = amount + 1
        for c in coins:
            if c <= a and best[a - c] + 1 < b:
                b = best[a - c] + 1
        best = best[:a] + (b,) + best[a + 1:]
    return best[amount] if best[amount] <= amount else -1


def main():
    print(change_ways(10, (1, 2, 5)), change_ways(3, (2,)), change_ways(0, ()))
    print(total((1, 2, 3), 1), total((5, 2), -1), total((), 4))
    print(min_coins(11, (1, 2, 5)), min_coins(3, (2,)))
    x = 3
    print(x > 5 or True, x > 5 and False, x > 1 or False, x < 1 and True, x > 5 or x < 4)

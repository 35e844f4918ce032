"""State threaded through a loop as a tuple (balance, deposits, withdrawals)."""


def step(state, amount):
    bal, dep, wd = state
    if amount >= 0:
        return (bal + amount, dep + 1, wd)
    if bal + amount < 0:
        return state
    return (bal + amount, dep, wd + 1)


def main():
    state = (0, 0, 0)
    for a in (100, -30, -200, 50, -120, 10):
        state = step(state, a)
        print(state)
    print(state[0], state[1] + state[2])

# error: 5:1: async
"""async functions are outside the subset."""


async def fetch(x):
    return x


def main():
    print(1)

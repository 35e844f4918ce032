"""inf and nan made by float operations: min/max keep the first operand when a comparison with nan is False, comparisons, sums."""
def main():
    inf = 1e308 * 10
    nan = inf - inf
    print(max(nan, 1.0), max(1.0, nan), min(nan, 1.0), min(1.0, nan))
    print(max((1.0, nan, 3.0)), min([nan, 2.0]))
    print(nan > 0, nan < 0, nan == 0, nan != 0, not nan, bool(nan))
    print(abs(nan), -nan, nan * 0, inf * 0, inf / inf, 1 / inf, -1 / inf)
    print(sum((inf, -inf)), sum((1.0, inf)))
    print(inf == inf, -inf < inf, inf > 10 ** 18)

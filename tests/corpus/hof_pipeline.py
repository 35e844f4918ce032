"""A pipeline of stages held in a tuple, applied by recursion."""


def run_pipeline(stages, x):
    if len(stages) == 0:
        return x
    return run_pipeline(stages[1:], stages[0](x))


def main():
    stages = (lambda x: x + 1, lambda x: x * 3, lambda x: x - 2)
    print(run_pipeline(stages, 0), run_pipeline(stages, 10))
    print(run_pipeline(stages[1:], 10), run_pipeline((), 42))
    fstages = (abs, lambda x: x * 0.5)
    print(run_pipeline(fstages, -3.0))

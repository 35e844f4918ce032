# error: 8:16: checkpoint() expects a function, got 3.0
"""The gradient of checkpoint of a float: one error, at checkpoint (not
also "grad() expects a function, got None" before it)."""
from myia import grad, checkpoint


def main():
    print(grad(checkpoint(3.0))(2.0))

# fd: xent [[1.0, -0.5, 2.0], 2]
# Cross-entropy of a softmax: the gradient is softmax - onehot.
import math
from myia import grad


def xent(logits, label):
    z = 0.0
    for v in logits:
        z = z + math.exp(v)
    return math.log(z) - logits[label]


def main():
    logits = (1.0, -0.5, 2.0)
    print(xent(logits, 2))
    print(grad(xent)(logits, 2))
    print(grad(xent)(logits, 0))

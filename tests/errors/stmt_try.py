# error: 6:5: try
"""try/except is outside the subset."""


def safe_div(a, b):
    try:
        return a / b
    except ZeroDivisionError:
        return 0.0


def main():
    print(safe_div(1.0, 0.0))

"""The values of and/or with operands of one type."""


def main():
    print(0 or 5, 3 or 9, 0 or 0)
    print(3 and 4, 0 and 7, 2 and 0)
    print(0.0 or 1.5, 2.5 and 0.0, 2.5 and 3.5)
    print(True and False, True or False, False or False)
    print(True and True and False, False or False or True)
    x = 4
    y = 0
    print(x > 0 and y > 0, x > 0 or y > 0, not (x > 0 and y > 0))
    print(x and y or 7, (x or y) and 9)

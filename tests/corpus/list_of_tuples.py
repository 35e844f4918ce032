"""Lists whose elements are tuples."""


def total_area(rects):
    s = 0.0
    for r in rects:
        w, h = r
        s += w * h
    return s


def main():
    rects = [(1.0, 2.0), (3.0, 0.5), (2.5, 2.0)]
    print(rects)
    print(total_area(rects), len(rects), rects[1][0])
    pts = [(0, 0), (3, 4), (6, 8)]
    for i in range(1, len(pts)):
        dx = pts[i][0] - pts[i - 1][0]
        dy = pts[i][1] - pts[i - 1][1]
        print(i, dx * dx + dy * dy)
    print(len(pts + [(1, 1)]), pts + [(1, 1)])

"""PyTorch (eager, autograd) reference for examples/ba.py: the 2x15
Jacobian of ADBench's bundle-adjustment reprojection error for each of n
observations, by torch.autograd.functional.jacobian in a loop over the
observations (float64, the same inputs as examples/ba.py's ba_inputs).

    /usr/bin/python3 bench/torch/ba.py [-n RUNS] [--obs N] [--threads T]

Prints  jacobians_ms=X checksum=V  (median of RUNS runs after a warm-up).
"""
import argparse
import os
import runpy
import statistics
import sys
import time

import torch

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def rotate(rot, x):
    sqtheta = torch.sum(rot * rot)
    if sqtheta != 0.0:
        theta = torch.sqrt(sqtheta)
        c, s = torch.cos(theta), torch.sin(theta)
        w = rot / theta
        return x * c + torch.cross(w, x, dim=0) * s + w * (torch.sum(w * x) * (1.0 - c))
    return x + torch.cross(rot, x, dim=0)


def project(cam, x):
    xc = rotate(cam[0:3], x - cam[3:6])
    p = xc[0:2] / xc[2]
    rsq = torch.sum(p * p)
    distortion = 1.0 + cam[9] * rsq + cam[10] * rsq * rsq
    return p * (distortion * cam[6]) + cam[7:9]


def reproj(params, feat):
    return (project(params[0:11], params[11:14]) - feat) * params[14]


def jacobians(cams, points, weights, feats, cam_idx, pt_idx):
    total = 0.0
    for i in range(len(cam_idx)):
        params = torch.cat((cams[cam_idx[i]], points[pt_idx[i]], weights[i:i + 1]))
        feat = feats[i]
        jac = torch.autograd.functional.jacobian(lambda p: reproj(p, feat), params)
        total += float(jac.sum())
    return total


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("-n", type=int, default=5)
    ap.add_argument("--obs", type=int, default=1000)
    ap.add_argument("--threads", type=int, default=1)
    a = ap.parse_args()
    torch.set_num_threads(a.threads)
    sys.path.insert(0, os.path.join(ROOT, "python"))
    mod = runpy.run_path(os.path.join(ROOT, "examples", "ba.py"))
    cams, points, weights, feats, cam_idx, pt_idx = mod["ba_inputs"](a.obs)
    t = torch.from_numpy
    args = (t(cams), t(points), t(weights), t(feats), [int(c) for c in cam_idx], [int(k) for k in pt_idx])
    total = jacobians(*args)
    ts = []
    for _ in range(a.n):
        t0 = time.perf_counter()
        jacobians(*args)
        ts.append((time.perf_counter() - t0) * 1e3)
    print(f"jacobians_ms={statistics.median(ts):.2f} checksum={total!r}")


if __name__ == "__main__":
    main()

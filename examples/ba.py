"""Bundle adjustment (ADBench): the 2x15 Jacobian of the reprojection
error of every observation, by jacrev over arrays in a loop over the
observations. The 15 parameters of an observation are its camera's 11
(rotation, center, focal length, principal point, radial distortion),
its point's 3 and its weight.

    myia run examples/ba.py
    myia run examples/ba.py --entry ba_bench --args '[1000]' --bench 5
"""
import math

import numpy as np
from myia import jacrev


def rotate(rot, x):
    """Rodrigues' rotation of the point x by the axis-angle vector rot."""
    sqtheta = np.sum(rot * rot)
    if sqtheta != 0.0:
        theta = math.sqrt(sqtheta)
        c = math.cos(theta)
        s = math.sin(theta)
        w = rot / theta
        wx = np.array([w[1] * x[2] - w[2] * x[1], w[2] * x[0] - w[0] * x[2], w[0] * x[1] - w[1] * x[0]])
        return x * c + wx * s + w * (np.sum(w * x) * (1.0 - c))
    rx = np.array([rot[1] * x[2] - rot[2] * x[1], rot[2] * x[0] - rot[0] * x[2], rot[0] * x[1] - rot[1] * x[0]])
    return x + rx


def project(cam, x):
    xc = rotate(cam[0:3], x - cam[3:6])
    p = xc[0:2] / xc[2]
    rsq = np.sum(p * p)
    distortion = 1.0 + cam[9] * rsq + cam[10] * rsq * rsq
    return p * (distortion * cam[6]) + cam[7:9]


def reproj(params, feat):
    """The reprojection error (2,) of one observation's 15 parameters."""
    return (project(params[0:11], params[11:14]) - feat) * params[14]


def jacobians(cams, points, weights, feats, cam_idx, pt_idx):
    """The sum of every observation's 2x15 Jacobian (a checksum), and the
    last one."""
    total = 0.0
    jac = np.zeros((2, 15))
    for i in range(cam_idx.shape[0]):
        params = np.concatenate((cams[cam_idx[i]], points[pt_idx[i]], np.array([weights[i]])))
        feat = feats[i]
        jac = jacrev(lambda p: reproj(p, feat))(params)
        total = total + np.sum(jac)
    return total, jac


def ba_inputs(n):
    """n observations of 10 cameras and 50 points (deterministic)."""
    k = np.arange(110.0).reshape((10, 11))
    cams = np.sin(k) * 0.1
    cams = cams + np.concatenate((np.zeros((10, 6)), np.ones((10, 1)), np.zeros((10, 4))), axis=1)
    cams = cams + np.concatenate((np.zeros((10, 5)), np.ones((10, 1)) * -5.0, np.zeros((10, 5))), axis=1)
    points = np.cos(np.arange(150.0).reshape((50, 3)))
    weights = 0.5 + 0.5 * np.cos(np.arange(n * 1.0)) ** 2
    feats = np.sin(np.arange(n * 2.0).reshape((n, 2))) * 0.1
    return cams, points, weights, feats, np.arange(n) % 10, (np.arange(n) * 7) % 50


def ba_bench(n: int):
    cams, points, weights, feats, cam_idx, pt_idx = ba_inputs(n)
    return jacobians(cams, points, weights, feats, cam_idx, pt_idx)


def main():
    total, jac = ba_bench(20)
    print("checksum of 20 Jacobians:", total)
    print("the last one:", jac)

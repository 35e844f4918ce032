#!/bin/sh
# Regenerates tests/corpus/NAME.out for every tests/corpus/NAME.py: what
# main() prints under CPython with the reference myia module (python/).
# Run from the repository root:
#   sh tests/corpus/regen.sh [FILE.py...]          rewrite the .out files
#   sh tests/corpus/regen.sh --check [FILE.py...]  compare with the .out files,
#       and rerun each program with math.exp/log/sin/cos/tan/tanh perturbed by
#       one ulp, to catch outputs that depend on the last bit of a libm (Go's
#       math package and C's libm differ there for ~10-30% of arguments)
set -e
cd "$(dirname "$0")/../.."
check=0
if [ "$1" = "--check" ]; then check=1; shift; fi
if [ "$#" -eq 0 ]; then set -- tests/corpus/*.py; fi
if [ "$check" -eq 0 ]; then
    for f in "$@"; do
        python3 -c "import sys; sys.path.insert(0,'python'); import runpy; m = runpy.run_path(sys.argv[1]); m['main']()" "$f" > "${f%.py}.out"
    done
    exit 0
fi
python3 - "$@" <<'PY'
import contextlib, io, math, random, runpy, sys, types
sys.path.insert(0, "python")

def run(path, mod):
    saved, sys.modules["math"] = sys.modules["math"], mod
    buf = io.StringIO()
    try:
        with contextlib.redirect_stdout(buf):
            runpy.run_path(path)["main"]()
    finally:
        sys.modules["math"] = saved
    return buf.getvalue()

def perturbed(seed):
    rng = random.Random(seed)
    m = types.ModuleType("math")
    m.__dict__.update(math.__dict__)
    for name in ("exp", "log", "sin", "cos", "tan", "tanh"):
        def g(x, f=getattr(math, name)):
            y = f(x)
            if y in (-1.0, 0.0, 1.0):
                return y
            up = seed == 0 or seed > 1 and rng.random() < 0.5
            return math.nextafter(y, math.inf if up else -math.inf)
        setattr(m, name, g)
    return m

bad = 0
for path in sys.argv[1:]:
    want = open(path[:-3] + ".out").read()
    if run(path, math) != want:
        print("FAIL", path, "output differs from .out"); bad += 1; continue
    if "import math" not in open(path).read():
        continue
    for seed in range(6):
        if run(path, perturbed(seed)) != want:
            print("FRAGILE", path, "output changes when libm is off by one ulp (seed %d)" % seed)
            bad += 1
            break
print("%d programs checked, %d problems" % (len(sys.argv) - 1, bad))
sys.exit(1 if bad else 0)
PY

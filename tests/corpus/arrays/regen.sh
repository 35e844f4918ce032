#!/bin/sh
# Regenerates tests/corpus/arrays/NAME.out for every tests/corpus/arrays/NAME.py:
# what main() prints under CPython with numpy and the reference myia module
# (python/), whose derivatives are finite differences. tests/ad_test.go
# compares myia's output with these files with a tolerance on floats (numpy
# sums pairwise, so last digits may differ from myia's).
#
# The python3 on PATH may lack numpy: PYTHON (default /usr/bin/python3, if
# it imports numpy, else python3) is the interpreter used.
#
# A file with a `# out: by hand: REASON` header line is skipped: its .out
# is written by hand, because CPython cannot compute it (REASON says why).
#
# Run from the repository root:
#   sh tests/corpus/arrays/regen.sh [FILE.py...]
cd "$(dirname "$0")/../../.."
if [ -z "$PYTHON" ]; then
    PYTHON=/usr/bin/python3
    "$PYTHON" -c "import numpy" 2>/dev/null || PYTHON=python3
fi
"$PYTHON" -c "import numpy" || { echo "regen.sh: $PYTHON cannot import numpy" >&2; exit 1; }
if [ "$#" -eq 0 ]; then set -- tests/corpus/arrays/*.py; fi
status=0
for f in "$@"; do
    if grep -q '^# out: by hand' "$f"; then
        echo "skipped $f (its .out is written by hand)" >&2
        continue
    fi
    PYTHONHASHSEED=0 "$PYTHON" -c "import sys; sys.path.insert(0,'python'); import runpy; m = runpy.run_path(sys.argv[1]); m['main']()" "$f" > "${f%.py}.out.tmp" && mv "${f%.py}.out.tmp" "${f%.py}.out" || {
        rm -f "${f%.py}.out.tmp"; echo "FAILED: $f" >&2; status=1; }
done
exit $status

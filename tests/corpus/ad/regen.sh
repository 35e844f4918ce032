#!/bin/sh
# Regenerates tests/corpus/ad/NAME.out for every tests/corpus/ad/NAME.py:
# what main() prints under CPython with the reference myia module
# (python/), whose derivatives are finite differences. tests/ad_test.go
# compares myia's output with these files with a tolerance on floats, so
# they need not be bit-exact.
#
# A file with a `# out: by hand: REASON` header line is skipped: its .out
# is written by hand, because CPython cannot compute it (REASON says why).
#
# Run from the repository root:
#   sh tests/corpus/ad/regen.sh [FILE.py...]
cd "$(dirname "$0")/../../.."
if [ "$#" -eq 0 ]; then set -- tests/corpus/ad/*.py; fi
status=0
for f in "$@"; do
    if grep -q '^# out: by hand' "$f"; then
        echo "skipped $f (its .out is written by hand)" >&2
        continue
    fi
    python3 -c "import sys; sys.path.insert(0,'python'); import runpy; m = runpy.run_path(sys.argv[1]); m['main']()" "$f" > "${f%.py}.out.tmp" && mv "${f%.py}.out.tmp" "${f%.py}.out" || {
        rm -f "${f%.py}.out.tmp"; echo "FAILED: $f" >&2; status=1; }
done
exit $status

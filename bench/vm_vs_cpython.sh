#!/usr/bin/env bash
# Times programs on myia's VM (`myia run --bench N`) and on CPython, side
# by side: the median time of one call of the entry, after a warm-up, and
# the ratio VM / CPython (below 1: the VM is faster).
#
#   bench/vm_vs_cpython.sh [-n RUNS] [-e ENTRY] [FILE.py ...]
#
# Default files: tests/corpus/bench_*.py; default entry: main. An entry
# that takes parameters gets them from ENTRY_inputs(), called once,
# outside the timing, in both.
set -euo pipefail
cd "$(dirname "$0")/.."

runs=20
entry=main
while getopts "n:e:" opt; do
  case $opt in
    n) runs=$OPTARG ;;
    e) entry=$OPTARG ;;
    *) echo "usage: $0 [-n RUNS] [-e ENTRY] [FILE.py ...]" >&2; exit 2 ;;
  esac
done
shift $((OPTIND - 1))
files=("$@")
if [ ${#files[@]} -eq 0 ]; then
  shopt -s nullglob
  files=(tests/corpus/bench_*.py)
fi
if [ ${#files[@]} -eq 0 ]; then
  echo "no benchmark files (tests/corpus/bench_*.py)" >&2
  exit 1
fi

myia=bin/myia
[ -x "$myia" ] || go build -o "$myia" ./cmd/myia
python=$(command -v python3 || true)

# cpython FILE ENTRY RUNS prints the median time of one call in µs.
cpython() {
  "$python" - "$1" "$2" "$3" <<'PY'
import io, os, runpy, statistics, sys, time
sys.path.insert(0, os.path.join(os.getcwd(), "python"))
sys.setrecursionlimit(100000)
path, entry, runs = sys.argv[1], sys.argv[2], int(sys.argv[3])
mod = runpy.run_path(path)
f = mod[entry]
args = mod[entry + "_inputs"]() if entry + "_inputs" in mod else ()
real = sys.stdout
sys.stdout = io.StringIO()
try:
    f(*args)  # warm-up
    times = []
    for _ in range(runs):
        sys.stdout = io.StringIO()
        t = time.perf_counter()
        f(*args)
        times.append(time.perf_counter() - t)
finally:
    sys.stdout = real
print("%.3f" % (statistics.median(times) * 1e6))
PY
}

printf "%-28s %14s %14s %14s %8s\n" "program" "compile_ms" "vm_us" "cpython_us" "vm/py"
for f in "${files[@]}"; do
  line=$("$myia" run "$f" --entry "$entry" --bench "$runs" | tail -n 1)
  compile_ms=$(sed -n 's/.*compile_ms=\([0-9.]*\).*/\1/p' <<<"$line")
  vm_us=$(sed -n 's/.*median_us=\([0-9.]*\).*/\1/p' <<<"$line")
  if [ -n "$python" ]; then
    py_us=$(cpython "$f" "$entry" "$runs")
    ratio=$(awk -v a="$vm_us" -v b="$py_us" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }')
  else
    py_us="-" ratio="-"
  fi
  printf "%-28s %14s %14s %14s %8s\n" "$(basename "$f")" "$compile_ms" "$vm_us" "$py_us" "$ratio"
done

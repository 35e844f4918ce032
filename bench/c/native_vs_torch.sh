#!/usr/bin/env bash
# Times the array gradients natively (myia run --backend c and llvm)
# against the VM and PyTorch eager, side by side in one run:
#
#   bench/mlp.py        mlp_grad   vs bench/torch/mlp.py  (grad_ms)
#   examples/gmm.py  gmm_grad   vs bench/torch/gmm.py  (grad_ms)
#   examples/ba.py   ba_bench(1000) vs bench/torch/ba.py (jacobians_ms):
#                    the 2x15 Jacobians of 1,000 reprojection errors, by
#                    jacrev in a loop over the observations
#
#   bench/c/native_vs_torch.sh [-n ROUNDS] [-b RUNS]
#
# Each round runs every configuration once, one after the other (`myia run
# FILE --entry E --bench RUNS --backend B`: the median of RUNS calls after
# a warm-up; the torch scripts with -n RUNS); the table gives, per figure,
# the median over ROUNDS rounds (default 5) of those medians. One BLAS
# thread everywhere (OPENBLAS_NUM_THREADS=1, torch.set_num_threads(1)).
# Also the compile time of the MLP gradient to a shared object (the
# compile_ms of a cold `myia run --backend c` and llvm, with an empty cache:
# the pipeline, inference from the inputs and the C compiler or LLVM;
# the array runtime's object is built once beforehand, as the cache keeps
# it). The VM is built with -tags openblas when OpenBLAS is installed.
set -euo pipefail
cd "$(dirname "$0")/../.."
rounds=5
runs=10
while getopts "n:b:" opt; do
  case $opt in
    n) rounds=$OPTARG ;;
    b) runs=$OPTARG ;;
    *) echo "usage: $0 [-n ROUNDS] [-b RUNS]" >&2; exit 2 ;;
  esac
done
python=${PYTHON:-/usr/bin/python3}
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
tags=
if printf '#include <cblas.h>\nint main(void){return 0;}\n' | cc -x c - -lopenblas -o /dev/null 2>/dev/null; then
  tags=openblas
fi
go build -tags "$tags" -o "$tmp/myia" ./cmd/myia
export OPENBLAS_NUM_THREADS=1
myia() { "$tmp/myia" "$@"; }
median() { sort -g | awk '{a[NR]=$1} END {if (NR%2) print a[(NR+1)/2]; else print (a[NR/2]+a[NR/2+1])/2}'; }
bench_us() { myia run "$1" --entry "$2" --bench "$runs" --backend "$3" ${4:+--args "$4"} 2>/dev/null | tail -1 | sed 's/.*median_us=\([0-9.]*\).*/\1/'; }
# Compile times, cold (an empty cache but for the runtime objects).
export XDG_CACHE_HOME=$tmp/warm
myia run bench/mlp.py --entry mlp_grad --backend c >/dev/null 2>&1 || true
myia run bench/mlp.py --entry mlp_grad --backend llvm >/dev/null 2>&1 || true
for b in c llvm; do
  for i in 1 2 3; do
    find "$XDG_CACHE_HOME/myia" -name '*.so*' -delete 2>/dev/null || true
    myia run bench/mlp.py --entry mlp_grad --bench 1 --backend $b 2>/dev/null | tail -1 | sed 's/.*compile_ms=\([0-9.]*\).*/\1/' >> "$tmp/compile_$b"
  done
done
for r in $(seq "$rounds"); do
  for b in vm c llvm; do
    bench_us bench/mlp.py mlp_grad $b >> "$tmp/mlp_$b"
    bench_us examples/gmm.py gmm_grad $b >> "$tmp/gmm_$b"
    bench_us examples/ba.py ba_bench $b '[1000]' >> "$tmp/ba_$b"
  done
  "$python" bench/torch/mlp.py -n "$runs" --threads 1 | sed 's/.*grad_ms=\([0-9.]*\).*/\1/' | awk '{print $1*1000}' >> "$tmp/mlp_torch"
  "$python" bench/torch/gmm.py -n "$runs" --threads 1 | sed 's/.*grad_ms=\([0-9.]*\).*/\1/' | awk '{print $1*1000}' >> "$tmp/gmm_torch"
  "$python" bench/torch/ba.py -n 3 --threads 1 | sed 's/.*jacobians_ms=\([0-9.]*\).*/\1/' | awk '{print $1*1000}' >> "$tmp/ba_torch"
done
printf "%-10s %10s %10s %10s %10s %8s %8s\n" "gradient" "VM" "C" "LLVM" "torch" "C/torch" "LLVM/torch"
for w in mlp gmm ba; do
  vm=$(median < "$tmp/${w}_vm"); c=$(median < "$tmp/${w}_c"); l=$(median < "$tmp/${w}_llvm"); t=$(median < "$tmp/${w}_torch")
  awk -v w=$w -v vm=$vm -v c=$c -v l=$l -v t=$t 'BEGIN { printf "%-10s %8.2fms %8.2fms %8.2fms %8.2fms %7.2fx %7.2fx\n", w, vm/1000, c/1000, l/1000, t/1000, c/t, l/t }'
done
printf "compile_ms of mlp_grad, cold (median of 3): c %s, llvm %s\n" "$(median < "$tmp/compile_c")" "$(median < "$tmp/compile_llvm")"
echo "rounds=$rounds runs=$runs load: $(cut -d' ' -f1-3 /proc/loadavg)"

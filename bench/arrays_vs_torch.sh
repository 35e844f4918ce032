#!/usr/bin/env bash
# Times the array benchmarks on myia's VM against PyTorch (eager, CPU),
# side by side (issue #6's speed targets):
#
#   bench/mlp.py        mlp_loss, mlp_grad          vs bench/torch/mlp.py
#   examples/gmm.py  gmm_objective, gmm_grad     vs bench/torch/gmm.py
#
#   bench/arrays_vs_torch.sh [-n ROUNDS] [-b RUNS] [-t THREADS] [-m]
#
# Each round runs, one after the other, the four VM entries
# (`myia run FILE --entry E --bench RUNS`: the median of RUNS calls after a
# warm-up) and the two torch scripts (`-n RUNS`: the same medians); the
# machine is shared and noisy, so the rounds alternate VM and torch and
# the table gives, per figure, the median over ROUNDS rounds (default 7)
# of those medians, and the ratios of these medians:
#   VM/torch      for the forward pass (loss) and the loss with gradient
#   grad/forward  for each side (the cost of the gradient over the loss)
#   grad/objective for the GMM
# myia is built with OpenBLAS (-tags openblas) when it is installed.
# THREADS (default 1) is both OPENBLAS_NUM_THREADS and torch's
# set_num_threads: one thread each, for a fair comparison; -t 0 leaves
# both at their defaults (all cores).
#
# Peak memory (-m, also on by default; -M turns it off): the growth of
# the peak resident set while computing the MLP gradient.
#   VM:    maxrss (`/usr/bin/time -f %M`) of
#          `myia run bench/mlp.py --entry mlp_grad --bench RUNS`
#          minus maxrss of `myia run bench/mlp.py --entry mlp_grad_inputs`
#          (the same process that compiles the file and makes the inputs,
#          but computes no gradient);
#   torch: bench/torch/mlp.py's peak_rss_delta_mb (getrusage's ru_maxrss
#          after the timed runs minus before them, the inputs made).
# Both are deltas over a process that holds the inputs; the VM's includes
# what the Go runtime keeps between collections (GOGC=100: up to twice
# the live heap).
#
# Needs /usr/bin/python3 with numpy and torch (or PYTHON=...). MYIA=path
# times that myia binary instead of building one (to compare builds).
set -euo pipefail
cd "$(dirname "$0")/.."

rounds=7
runs=20
threads=1
mem=1
while getopts "n:b:t:mM" opt; do
  case $opt in
    n) rounds=$OPTARG ;;
    b) runs=$OPTARG ;;
    t) threads=$OPTARG ;;
    m) mem=1 ;;
    M) mem=0 ;;
    *) echo "usage: $0 [-n ROUNDS] [-b RUNS] [-t THREADS] [-m|-M]" >&2; exit 2 ;;
  esac
done

python=${PYTHON:-/usr/bin/python3}
if ! "$python" -c 'import numpy, torch' 2>/dev/null; then
  echo "$python cannot import numpy and torch (set PYTHON=...)" >&2
  exit 1
fi

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
if [ -n "${MYIA:-}" ]; then
  myia=$MYIA tags="(MYIA=$MYIA)"
else
  myia=$tmp/myia
  tags=
  if printf '#include <cblas.h>\nint main(void){return 0;}\n' | cc -x c - -lopenblas -o /dev/null 2>/dev/null; then
    tags=openblas
  else
    echo "warning: OpenBLAS not found, building with gonum's BLAS" >&2
  fi
  go build -tags "$tags" -o "$myia" ./cmd/myia
fi

torch_threads=()
if [ "$threads" -gt 0 ]; then
  export OPENBLAS_NUM_THREADS=$threads
  torch_threads=(--threads "$threads")
fi

# vm FILE ENTRY prints the median time of one call in ms.
vm() {
  "$myia" run "$1" --entry "$2" --bench "$runs" | tail -n 1 |
    sed -n 's/.*median_us=\([0-9.]*\).*/\1/p' | awk '{ printf "%.3f", $1 / 1000 }'
}
# field NAME LINE prints NAME=value from a key=value line.
field() { sed -n "s/.*\\b$1=\\([-0-9.e+]*\\).*/\\1/p" <<<"$2"; }
# maxrss_mb CMD... prints the peak resident set of CMD in MB.
maxrss_mb() {
  /usr/bin/time -f %M -o "$tmp/rss" "$@" >/dev/null
  awk '{ printf "%.1f", $1 / 1024 }' "$tmp/rss"
}

declare -A col
add() { col[$1]="${col[$1]:-} $2"; }
for ((r = 1; r <= rounds; r++)); do
  printf "round %d/%d\r" "$r" "$rounds" >&2
  add vm_fwd "$(vm bench/mlp.py mlp_loss)"
  add vm_grad "$(vm bench/mlp.py mlp_grad)"
  line=$("$python" bench/torch/mlp.py -n "$runs" "${torch_threads[@]}")
  add t_fwd "$(field forward_ms "$line")"
  add t_grad "$(field grad_ms "$line")"
  add t_mem "$(field peak_rss_delta_mb "$line")"
  add vm_obj "$(vm examples/gmm.py gmm_objective)"
  add vm_ggrad "$(vm examples/gmm.py gmm_grad)"
  line=$("$python" bench/torch/gmm.py -n "$runs" "${torch_threads[@]}")
  add t_obj "$(field objective_ms "$line")"
  add t_ggrad "$(field grad_ms "$line")"
  if [ "$mem" = 1 ]; then
    peak=$(maxrss_mb "$myia" run bench/mlp.py --entry mlp_grad --bench "$runs")
    base=$(maxrss_mb "$myia" run bench/mlp.py --entry mlp_grad_inputs)
    add vm_mem "$(awk -v a="$peak" -v b="$base" 'BEGIN { printf "%.1f", a - b }')"
    add vm_rss "$peak"
  fi
done
printf "%*s\r" 20 "" >&2

median() { tr ' ' '\n' <<<"${col[$1]}" | grep . | sort -g | awk '{ v[NR] = $1 } END { if (NR % 2) print v[(NR + 1) / 2]; else printf "%.3f\n", (v[NR / 2] + v[NR / 2 + 1]) / 2 }'; }
ratio() { awk -v a="$1" -v b="$2" 'BEGIN { if (b > 0) printf "%.2f", a / b; else print "-" }'; }

vf=$(median vm_fwd) vg=$(median vm_grad) tf=$(median t_fwd) tg=$(median t_grad)
vo=$(median vm_obj) vgg=$(median vm_ggrad) to=$(median t_obj) tgg=$(median t_ggrad)
echo "# medians over $rounds rounds of medians of $runs calls; threads=$threads (0: defaults); blas=${tags:-gonum}"
printf "%-24s %10s %10s %10s\n" "figure" "vm" "torch" "vm/torch"
printf "%-24s %10s %10s %10s\n" "mlp forward ms" "$vf" "$tf" "$(ratio "$vf" "$tf")"
printf "%-24s %10s %10s %10s\n" "mlp loss+grad ms" "$vg" "$tg" "$(ratio "$vg" "$tg")"
printf "%-24s %10s %10s %10s\n" "mlp grad/forward" "$(ratio "$vg" "$vf")" "$(ratio "$tg" "$tf")" "-"
printf "%-24s %10s %10s %10s\n" "gmm objective ms" "$vo" "$to" "$(ratio "$vo" "$to")"
printf "%-24s %10s %10s %10s\n" "gmm grad ms" "$vgg" "$tgg" "$(ratio "$vgg" "$tgg")"
printf "%-24s %10s %10s %10s\n" "gmm grad/objective" "$(ratio "$vgg" "$vo")" "$(ratio "$tgg" "$to")" "-"
if [ "$mem" = 1 ]; then
  vm_mem=$(median vm_mem) t_mem=$(median t_mem)
  printf "%-24s %10s %10s %10s\n" "mlp grad peak MB (delta)" "$vm_mem" "$t_mem" "$(ratio "$vm_mem" "$t_mem")"
  printf "%-24s %10s %10s %10s\n" "mlp grad maxrss MB" "$(median vm_rss)" "-" "-"
fi
echo "# targets: mlp loss+grad vm/torch <= 1.5, vm grad/forward <= 2, gmm grad/objective <= 4, peak MB vm/torch <= 2"

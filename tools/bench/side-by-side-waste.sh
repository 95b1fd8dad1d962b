#!/usr/bin/env bash
# Decode side by side: WASTE (black box, built outside the repository) and Sluice on one container at equal
# budgets, alternating engines, page cache dropped before each run (root), three rounds.
# usage: tools/bench/side-by-side-waste.sh SLUICE_CLI WASTE CONTAINER [BUDGET...]   (default 1.5G 3G 6G)
# Prints each engine's own decode line and /usr/bin/time's wall/user/sys/max RSS; docs/performance.md has the
# tables this made.
set -uo pipefail
S=$1 W=$2 C=$3
shift 3

[ $# -gt 0 ] && budgets=("$@") || budgets=(1.5G 3G 6G)
P="Write a C function."
out=$(mktemp -d)
echo "start $(date -u +%T) load $(cut -d' ' -f1-3 /proc/loadavg) outputs in $out"
drop() { sync; echo 3 > /proc/sys/vm/drop_caches 2>/dev/null || true; }
for round in 1 2 3; do
  for b in "${budgets[@]}"; do
    drop
    /usr/bin/time -f "W $b r$round wall %e user %U sys %S maxrss_kb %M" "$W" run "$C" "$P" -n 32 --budget "$b" --temp 0 \
      > "$out/w-$b-$round.out" 2> "$out/w-$b-$round.err"
    grep -ah "tok/s" "$out/w-$b-$round.out" "$out/w-$b-$round.err" | tail -1; tail -1 "$out/w-$b-$round.err"
    drop
    /usr/bin/time -f "S $b r$round wall %e user %U sys %S maxrss_kb %M" "$S" run "$C" "$P" -n 32 --budget "$b" --temp 0 --stats \
      > "$out/s-$b-$round.out" 2> "$out/s-$b-$round.err"
    grep -ah "tokens in\|expert reads running" "$out/s-$b-$round.err" | tail -2; tail -1 "$out/s-$b-$round.err"
    echo "load $(cut -d' ' -f1-3 /proc/loadavg)"
  done
done
echo "end $(date -u +%T)"

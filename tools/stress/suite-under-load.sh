#!/usr/bin/env bash
# Issue 29: the test suite ROUNDS times in a row under load — two suites at
# once, each `ctest -j2`, in two build trees of the same commit (two clones:
# tests write into their build tree, so one tree cannot run twice at once).
# A flaky test shows up as a failure in any round. Not part of CI.
#   tools/stress/suite-under-load.sh TREE_A TREE_B [ROUNDS=5] [LOGDIR=/tmp]
set -uo pipefail
a=${1:?build tree A}; b=${2:?build tree B}; rounds=${3:-5}; logs=${4:-/tmp}
failed=0
for r in $(seq 1 "$rounds"); do
  echo "round $r start $(date +%T) load $(cut -d' ' -f1-3 /proc/loadavg)"
  QT_QPA_PLATFORM=offscreen ctest --test-dir "$a" -j2 --output-on-failure > "$logs/suite-a-$r.log" 2>&1 & pa=$!
  QT_QPA_PLATFORM=offscreen ctest --test-dir "$b" -j2 --output-on-failure > "$logs/suite-b-$r.log" 2>&1 & pb=$!
  wait $pa; ra=$?; wait $pb; rb=$?
  echo "round $r end $(date +%T): A $(grep -h 'tests passed' "$logs/suite-a-$r.log") (rc $ra) | B $(grep -h 'tests passed' "$logs/suite-b-$r.log") (rc $rb)"
  [ $ra -eq 0 ] && [ $rb -eq 0 ] || failed=1
done
exit $failed

#!/usr/bin/env bash
# The whole demo-model pipeline (tools/demo-model/README.md):
#   tools/demo-model/run.sh SLUICE_CLI [MINUTES]
# (sluice-dev, the developer tools, is taken from beside SLUICE_CLI: a build tree)
# corpus (WordNet) -> tokenizer + ids (sluice-dev demo-corpus) -> train.py ->
# export.py (release layout) -> check.py (against the float64 oracle) ->
# data/demo/ (the committed release, held-out ids, vocabulary). The build then
# converts data/demo/sluice-demo-release with `sluice-cli convert`.
set -euo pipefail
cli=$(realpath "$1")
dev=$(dirname "$cli")/sluice-dev
[ -x "$dev" ] || { echo "run.sh: $dev not found (build the sluice-dev target)" >&2; exit 2; }
minutes=${2:-37}
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
root=$(cd "$here/../.." && pwd)
work=$(mktemp -d /tmp/sluice-demo-model.XXXXXX)
trap 'rm -rf "$work"' EXIT
py=/usr/bin/python3
# Debian's torch links the reference BLAS; OpenBLAS is ~5x faster here. One
# thread with passive waiting: on a shared 2-core machine a second OpenMP
# thread mostly waits for a core (README: timings).
export LD_LIBRARY_PATH=/usr/lib/x86_64-linux-gnu/openblas-pthread OPENBLAS_NUM_THREADS=1 OMP_WAIT_POLICY=passive
threads=${SLUICE_DEMO_THREADS:-1}

"$py" "$here/test_chunked.py"   # the trainer's chunked KDA == the per-token recurrence (float64)
"$py" "$here/corpus.py" "$work/corpus"
mkdir -p "$work/tok"
"$dev" demo-corpus --train "$work/corpus/train.jsonl" --heldout "$work/corpus/heldout.jsonl" --out "$work/tok" --bpe-bytes 2M
"$py" "$here/train.py" --data "$work/tok" --out "$work/stage1.pt" --steps 2000 --minutes "$minutes" \
  --batch 32 --len 64 --threads "$threads" --heldout 200
# Stage 2: the same data from the stage-1 weights at half the peak rate (what the committed model had).
"$py" "$here/train.py" --data "$work/tok" --out "$work/model.pt" --init "$work/stage1.pt" --steps 2000 \
  --minutes "${SLUICE_DEMO_STAGE2_MINUTES:-14}" --batch 32 --len 64 --threads "$threads" --heldout 200 --lr 1.5e-3 --seed 19
"$dev" synth --demo --seed 7 --release --shards 1 --out "$work/template"
"$py" "$here/export.py" "$work/model.pt" "$work/tok" "$work/template" "$work/release2"
# Stage 3 (session 5): from the stage-2 *release* (what was committed then, bf16/MXFP4
# dequantised), the chunked KDA, keeping the best held-out weights (README: stage 3).
"$py" "$here/train.py" --data "$work/tok" --out "$work/model3.pt" --init-release "$work/release2" --steps 100000 \
  --minutes "${SLUICE_DEMO_STAGE3_MINUTES:-38}" --batch 32 --len 64 --threads "$threads" --heldout 200 --lr 2e-3 \
  --seed 23 --eval-minutes 6 --eval-records 100
rm -rf "$work/release"
"$py" "$here/export.py" "$work/model3.pt" "$work/tok" "$work/template" "$work/release"
"$py" "$here/check.py" "$work/release" "$work/tok" --records 20
mkdir -p "$root/data/demo"
rm -rf "$root/data/demo/sluice-demo-release"
cp -r "$work/release" "$root/data/demo/sluice-demo-release"
head -40 "$work/tok/heldout.ids" > "$root/data/demo/heldout.ids"
head -40 "$work/corpus/heldout.jsonl" > "$root/data/demo/heldout.jsonl"
"$py" "$here/vocabulary.py" "$work/corpus/train.jsonl" "$root/data/demo/vocabulary.txt"
echo "data/demo rewritten; rebuild (ninja demo_model) and run tst_demomodel"

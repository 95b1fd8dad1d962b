#!/bin/sh
# Regenerates tests/fixtures/model/*.json: synthetic containers (and, with
# --release, synthetic checkpoints in the published safetensors layout) from
# `sluice-dev synth` (deterministic for a seed), then the float64 oracle on
# each. Run by hand when the synth format or the oracle changes:
#   tests/oracle/make_fixtures.sh BUILD_DIR
set -eu
build=${1:?usage: make_fixtures.sh BUILD_DIR}
cli="$build/core/cli/sluice-cli"
dev="$build/core/cli/sluice-dev"
src=$(cd "$(dirname "$0")/../.." && pwd)
out="$src/tests/fixtures/model"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
# synth_fixtures OUT_DIR < LIST: one fixture per line of the list
# (name | synth arguments | prompt seed | prompt length), the container from
# `sluice-dev synth`, then the text oracle on it.
synth_fixtures() {
    mkdir -p "$1"
    while IFS='|' read -r name args seed len; do
        [ -z "$name" ] && continue
        # shellcheck disable=SC2086
        "$dev" synth $args --out "$tmp/$name" >/dev/null
        /usr/bin/python3 "$src/tests/oracle/kimi_ref.py" fixture "$tmp/$name" "$1/$name.json" \
            --seed "$seed" --len "$len" --greedy 16 --max-id 4000 --synth "$args"
    done
}
synth_fixtures "$out" <<'LIST'
k3-s1-q4|--arch k3 --seed 1|11|24
k3-s2-q8|--arch k3 --seed 2 --trunk-bits 8|12|96
kl-s1-q4|--arch kimi-linear --seed 1|13|24
kl-s3-vq2r|--arch kimi-linear --seed 3 --expert-fmt VQ2R|14|128
LIST
# Release-layout checkpoints (issue 11): tests/fixtures/release/, read by
# tst_release and tst_release_forward (tst_model_oracle reads only model/).
synth_fixtures "$src/tests/fixtures/release" <<'LIST'
k3-rel-s1|--arch k3 --seed 1 --release|15|24
kl-rel-s1|--arch kimi-linear --seed 1 --release|16|24
LIST
# Images on a release (issue 11): vision_ref.py reads the release's bf16 vision
# tensors from the shards; tst_release_engine opens it at releaseTrunkBits 16.
"$dev" synth --arch k3 --with-vision --seed 1 --release --out "$tmp/k3v-rel-seq" >/dev/null
/usr/bin/python3 "$src/tests/oracle/vision_ref.py" sequence "$tmp/k3v-rel-seq" \
    "$src/tests/fixtures/release/k3v-rel-seq.json" --media-pad 3861 --synth "--arch k3 --with-vision --seed 1 --release"
# Converted releases (issue 12): tests/fixtures/convert/, read by
# tst_convert_oracle. The release above, `sluice-cli convert` with the default
# options, then the oracle on the converted container with the release
# fixture's prompt (so the two fixtures' logits measure the quantisation).
mkdir -p "$src/tests/fixtures/convert"
while IFS='|' read -r name args rel; do
    [ -z "$name" ] && continue
    # shellcheck disable=SC2086
    "$dev" synth $args --out "$tmp/$name-rel" >/dev/null
    "$cli" convert "$tmp/$name-rel" "$tmp/$name" --jobs 2 >/dev/null
    /usr/bin/python3 "$src/tests/oracle/kimi_ref.py" fixture "$tmp/$name" "$src/tests/fixtures/convert/$name.json" \
        --len 24 --greedy 16 --synth "$args" --prompt-from "$src/tests/fixtures/release/$rel.json"
done <<'LIST'
k3-conv-s1|--arch k3 --seed 1 --release|k3-rel-s1
kl-conv-s1|--arch kimi-linear --seed 1 --release|kl-rel-s1
LIST

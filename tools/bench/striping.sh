#!/bin/sh
# Two-folder striping (issue 31): decode tok/s of one container with its
# expert banks all on a fast folder, all on a slow one, split by the measured
# speeds and split 50/50, and the bytes each device read (cgroup v1 blkio).
#
#   tools/bench/striping.sh BUILD MODEL FAST_DIR SLOW_DIR CGROUP [REPS]
#
# BUILD    the build folder (its core/cli/sluice-cli and sluice-dev are used)
# MODEL    a container (e.g. sluice-dev synth --out M --record-bytes 1MiB --layers 8 --experts 128 --top-k 8)
# FAST_DIR, SLOW_DIR  folders on two block devices
# CGROUP   a blkio cgroup folder whose read limit throttles SLOW_DIR's device, e.g. as root:
#            truncate -s 3G slow.img; mkfs.ext4 -q -F slow.img
#            losetup --direct-io=on -f --show slow.img   # -> /dev/loop0 (7:0); mount it on SLOW_DIR
#            mkdir /sys/fs/cgroup/blkio/stripe
#            echo "7:0 60000000" > /sys/fs/cgroup/blkio/stripe/blkio.throttle.read_bps_device
#          and a limit for FAST_DIR's device too (a very high one leaves it unthrottled): cgroup v1
#          counts a device's bytes only when it has a rule, e.g. echo "7:1 100000000000" > ...
# The bench runs inside CGROUP; per-device bytes are its blkio.throttle.io_service_bytes.
# Benchmarks move banks: the script puts them all back home at the end.
# ONEPOOL=PATH: a sluice-dev built without the per-device reader pools (one FIFO
# for every bank, as before issue 31), run on the split placements too.
set -eu
BUILD=$1 MODEL=$2 FAST=$3 SLOW=$4 CG=$5 REPS=${6:-2}
CLI=$BUILD/core/cli/sluice-cli DEV=$BUILD/core/cli/sluice-dev ONEPOOL=${ONEPOOL:-}
BENCH="--budget 96MiB -n 16 --prompt-len 4 --threads 2 --json"
fastdev=$(stat -c '%d' "$FAST") slowdev=$(stat -c '%d' "$SLOW")
devname() { printf '%d:%d' $(( $1 >> 8 )) $(( $1 & 255 )); }
F=$(devname "$fastdev") S=$(devname "$slowdev")

place() { "$CLI" place "$MODEL" "$@" --json >/dev/null 2>&1 || "$CLI" place "$MODEL" "$@"; }
readbytes() { awk -v d="$1" 'BEGIN { n = 0 } $1 == d && $2 == "Read" { n = $3 } END { print n }' "$CG/blkio.throttle.io_service_bytes"; }

run() { # NAME [DEV]
    dev=${2:-$DEV}
    f0=$(readbytes "$F") s0=$(readbytes "$S")
    out=$(sh -c 'echo $$ > "$1/tasks"; shift; exec "$@"' sh "$CG" nice -n 5 "$dev" bench "$MODEL" $BENCH 2>/dev/null)
    tps=$(printf '%s' "$out" | sed -n 's/.*"decode_tok_s": *\([0-9.e+-]*\).*/\1/p' | head -1)
    nf=$(ls "$FAST/$(basename "$MODEL").banks" 2>/dev/null | wc -l) ns=$(ls "$SLOW/$(basename "$MODEL").banks" 2>/dev/null | wc -l)
    printf '%-20s banks %s+%s %8.3f tok/s   fast %6.1f MiB   slow %6.1f MiB   load %s\n' "$1" "$nf" "$ns" "$tps" \
        "$(echo "($(readbytes "$F") - $f0) / 1048576" | bc -l)" "$(echo "($(readbytes "$S") - $s0) / 1048576" | bc -l)" \
        "$(cut -d' ' -f1 /proc/loadavg)"
}

"$CLI" place "$MODEL" --back >/dev/null
measured=$(sh -c 'echo $$ > "$1/tasks"; shift; exec "$@"' sh "$CG" "$CLI" place "$MODEL" --folder "$FAST" --folder "$SLOW" --dry-run --json)
wf=$(printf '%s' "$measured" | tr -d '\n ' | sed 's/.*"measuredGBps":\([0-9.e+-]*\).*"measuredGBps":\([0-9.e+-]*\).*/\1/')
ws=$(printf '%s' "$measured" | tr -d '\n ' | sed 's/.*"measuredGBps":\([0-9.e+-]*\).*"measuredGBps":\([0-9.e+-]*\).*/\2/')
echo "measured: fast $wf GB/s, slow $ws GB/s (record-sized O_DIRECT reads, queue depth 4)"
for rep in $(seq "$REPS"); do
    place --folder "$FAST:1";                 run "all fast"
    place --folder "$SLOW:1";                 run "all slow"
    place --folder "$FAST:$wf" --folder "$SLOW:$ws"; run "by weight"
    [ -z "$ONEPOOL" ] || run "by weight, one pool" "$ONEPOOL"
    place --folder "$FAST:1" --folder "$SLOW:1";     run "50/50"
    [ -z "$ONEPOOL" ] || run "50/50, one pool" "$ONEPOOL"
done
"$CLI" place "$MODEL" --back >/dev/null

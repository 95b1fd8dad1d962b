#!/usr/bin/env bash
# The README's two commands, for a fresh Debian 12 machine (root or sudo):
#   scripts/sluice.sh run    install what is needed, build, launch the app on the demo model
#   scripts/sluice.sh test   the same set-up, then the whole test suite (CTest, GUI tests offscreen)
# Extra modes used by .ci/run:
#   scripts/sluice.sh test --sanitize   the suite again in build-asan/ under ASan+UBSan
#   scripts/sluice.sh fuzz [RUNS]       build the libFuzzer targets with clang and run each RUNS times
#   scripts/sluice.sh package           build, then the .deb with CPack: build/sluice_<version>_<arch>.deb
#                                       (docs/packaging.md; install it with apt install ./build/sluice_*.deb)
#   scripts/sluice.sh fuzz-long         the same, 10^6 runs per target (not in CI; docs/reliability.md)
#   scripts/sluice.sh test --tsan       the threaded tests in build-tsan/ under ThreadSanitizer (core and Qt workers, no GUI)
#   scripts/sluice.sh demo-model [MIN]  retrain the bundled demo model (tools/demo-model/README.md; MIN minutes,
#                                       default 37) and rewrite data/demo/ — never part of the build or the tests
# Running any of them twice is fast: packages are only installed when missing
# and the build is incremental.
set -euo pipefail

root=$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)
cd "$root"
mode=${1:-run}
shift || true

say() { printf '\033[1m[sluice]\033[0m %s\n' "$*" >&2; }
die() { printf '\033[1;31m[sluice] error:\033[0m %s\n' "$*" >&2; exit 1; }

build_packages=(cmake ninja-build g++ pkg-config qt6-base-dev qt6-tools-dev
  qt6-tools-dev-tools qt6-l10n-tools qt6-translations-l10n libgl-dev libstb-dev libpcre2-dev
  liburing-dev zlib1g-dev libisal-dev libtorrent-rasterbar-dev fonts-dejavu-core)
test_packages=(xvfb xauth xdotool imagemagick clang libclang-rt-14-dev g++-mingw-w64-x86-64-posix dpkg-dev desktop-file-utils appstream man-db
  curl nodejs ccache lld) # ccache: used by the build when present; curl and node: the server tests (tests/server) drive `sluice-cli serve` with real clients
# lld links the sanitizer trees: ~1 CPU-s a test executable against ~3 with ld.bfd (docs/building.md).
# The .deb: dpkg-shlibdeps computes Depends; lintian checks the result by hand (docs/packaging.md).
package_packages=(dpkg-dev file desktop-file-utils appstream man-db)
# Retraining the demo model only (tools/demo-model): the corpus, torch, and an optimised BLAS for it.
demo_model_packages=(wordnet-base python3-torch python3-numpy libopenblas0-pthread)

install_packages() {
  local wanted=("$@") missing=()
  for p in "${wanted[@]}"; do
    dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
  done
  [ ${#missing[@]} -eq 0 ] && return 0
  command -v apt-get >/dev/null || die "apt-get not found: this script is for Debian 12. Install by hand: ${missing[*]}"
  local sudo=()
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null || die "need root or sudo to install: ${missing[*]}"
    sudo=(sudo)
  fi
  say "installing ${#missing[@]} package(s): ${missing[*]}"
  # Update the package lists at most once, and only when an install is needed.
  "${sudo[@]}" apt-get update -qq || die "apt-get update failed (network or apt sources?)"
  DEBIAN_FRONTEND=noninteractive "${sudo[@]}" apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null \
    || die "apt-get install failed for: ${missing[*]}"
}

# configure_and_build DIR [CMAKE OPTION...] [--targets TARGET...]: configure DIR
# once, then build it (all of it, or only the named targets and what they need).
# ccache is used when it is installed (never required): a rebuild of the same
# sources, in any clone, is then a cache hit.
configure_and_build() {
  local dir=$1; shift
  local options=() targets=()
  while [ $# -gt 0 ]; do
    if [ "$1" = --targets ]; then shift; targets=("$@"); break; fi
    options+=("$1"); shift
  done
  if command -v ccache >/dev/null && [ -z "${SLUICE_NO_CCACHE:-}" ]; then
    options+=(-DCMAKE_CXX_COMPILER_LAUNCHER=ccache -DCMAKE_C_COMPILER_LAUNCHER=ccache)
    export CCACHE_BASEDIR="$root" # paths relative to the checkout: another clone hits the same entries
  fi
  if [ ! -f "$dir/build.ninja" ]; then
    say "configuring $dir"
    cmake -S . -B "$dir" -G Ninja -DCMAKE_BUILD_TYPE=Release "${options[@]}" >/dev/null
  fi
  say "building $dir${targets:+ (${targets[*]})}"
  local started=$(date +%s)
  cmake --build "$dir" ${targets:+--target "${targets[@]}"} -- -j"$(nproc)"
  say "built $dir in $(( $(date +%s) - started )) s"
}

# The sanitizer builds use clang: on this tree it compiles an ASan+UBSan
# translation unit about three times faster than GCC (docs/building.md), and
# one clang tree then serves the ASan+UBSan suite and the libFuzzer targets.
# Line tables are all the sanitizers' stack traces need.
clang_options=(-DCMAKE_C_COMPILER=clang -DCMAKE_CXX_COMPILER=clang++ -DCMAKE_BUILD_TYPE=RelWithDebInfo
  "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O2 -gline-tables-only -DNDEBUG")
sanitize_options=("${clang_options[@]}" -DSLUICE_SANITIZE=ON -DSLUICE_FUZZ=ON -DSLUICE_LINKER=lld)

# use_clang_tree DIR: a tree configured with another compiler (an older
# checkout's GCC sanitizer build) is configured anew.
use_clang_tree() {
  if [ -f "$1/CMakeCache.txt" ] && ! grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' "$1/CMakeCache.txt"; then
    say "$1 was configured with another compiler: configuring it anew with clang"
    rm -rf "$1"
  fi
}

case "$mode" in
run)
  install_packages "${build_packages[@]}"
  configure_and_build build
  demo="$root/build/demo/sluice-demo.waste"
  app="$root/build/gui/sluice"
  [ -x "$app" ] || die "the desktop app was not built ($app missing)"
  args=()
  [ -f "$demo/manifest.json" ] && args=(--model "$demo")
  if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ]; then
    install_packages xvfb xauth
    say "no display found: starting the app under Xvfb (screenshot: SLUICE_SCREENSHOT=file.png)"
    exec xvfb-run -a -s "-screen 0 1600x1000x24" "$app" "${args[@]}" "$@"
  fi
  say "launching $app ${args[*]}"
  exec "$app" "${args[@]}" "$@"
  ;;
test)
  install_packages "${build_packages[@]}" "${test_packages[@]}"
  # npm (the server test installs the npm `openai` package): Debian's package
  # only where node came without one (NodeSource's nodejs bundles npm).
  command -v npm >/dev/null || install_packages npm
  dir=build
  extra=()
  if [ "${1:-}" = "--sanitize" ]; then
    dir=build-asan
    extra=("${sanitize_options[@]}")
    shift
    use_clang_tree "$dir"
  elif [ "${1:-}" = "--tsan" ]; then
    # ThreadSanitizer over the threaded tests: thread pool, reader pool,
    # expert cache, engine and the streaming CLI run, and the Qt side (the
    # engine and converter workers, the budget monitor, and the canary that
    # proves a planted race is still reported). Debian's Qt is not
    # instrumented: core/qt/tsanhandoff.h gives TSan the happens-before of
    # Qt's queued signals and of QThread's end, ignore_noninstrumented_modules
    # keeps libc calls made inside Qt (its malloc/free/memcpy) out of the
    # race detection, tests/tsan.supp names what is left (docs/reliability.md).
    # die_after_fork=0: tst_model_cli, tst_streamcli and the canary start
    # processes (QProcess) after their threads exist. QT_NO_GLIB: Qt's own event dispatcher instead of
    # (uninstrumented) glib's.
    # Only the test executables of these tests' modules (and what they link
    # and run) are built: the rest of the tree would take most of this
    # stage's time and run nowhere. Built with GCC: clang 14's TSan runtime
    # aborts (CHECK failed in ForkAfter) when QProcess starts a child with
    # clone(), which tst_model_cli, tst_streamcli and the canary do.
    shift
    tsan_tests=(tst_threadpool tst_readerpool tst_expertcache tst_model_engine tst_model_cli tst_streamcli tst_engineworker
      tst_convertworker tst_budgetmonitor tst_tsan_canary)
    # tst_forwardpass is compiled for its decode-lane cases only (the
    # tst_forwardpass_lanes entry, tests/model/CMakeLists.txt), not run whole.
    tsan_built=("${tsan_tests[@]}" tst_forwardpass)
    tsan_run=("${tsan_tests[@]}" tst_forwardpass_lanes)
    tsan_targets=(kernels_tests stream_tests model_tests qt_tests tsan_canary)
    if [ -f build-tsan/CMakeCache.txt ] && grep -q '^CMAKE_CXX_COMPILER:[A-Z]*=.*clang++' build-tsan/CMakeCache.txt; then
      rm -rf build-tsan # an earlier checkout's clang TSan tree
    fi
    # Only these tests' files are compiled into their modules' executables
    # (SLUICE_TEST_ONLY), at -O1 with line tables only: GCC compiles a TSan
    # translation unit about twice as fast as at -O2 -g (docs/building.md),
    # and line tables are all TSan's reports need.
    configure_and_build build-tsan -DSLUICE_TSAN=ON -DSLUICE_BUILD_GUI=OFF -DCMAKE_BUILD_TYPE=RelWithDebInfo -DSLUICE_LINKER=lld \
      "-DCMAKE_CXX_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" "-DCMAKE_C_FLAGS_RELWITHDEBINFO=-O1 -g1 -DNDEBUG" \
      "-DSLUICE_TEST_ONLY=$(IFS=';'; echo "${tsan_built[*]}")" \
      --targets "${tsan_targets[@]}"
    say "running the threaded tests in build-tsan under ThreadSanitizer"
    pattern="^($(IFS='|'; echo "${tsan_run[*]}"))\$"
    TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1 ignore_noninstrumented_modules=1 die_after_fork=0 suppressions=$root/tests/tsan.supp" \
      QT_NO_GLIB=1 QT_QPA_PLATFORM=offscreen ctest --test-dir build-tsan --output-on-failure -j"$(nproc)" -R "$pattern" "$@"
    exit 0
  fi
  configure_and_build "$dir" "${extra[@]}"
  say "running the test suite in $dir"
  # GUI tests run on the offscreen platform; the screenshot tests start their own Xvfb.
  QT_QPA_PLATFORM=offscreen ctest --test-dir "$dir" --output-on-failure -j"$(nproc)" "$@"
  ;;
fuzz|fuzz-long)
  install_packages "${build_packages[@]}" "${test_packages[@]}"
  runs=${1:-20000}
  [ "$mode" = fuzz-long ] && runs=1000000
  # The fuzz targets live in the sanitizer tree (test --sanitize builds them
  # with everything else), so after that stage this only links what changed.
  use_clang_tree build-asan
  configure_and_build build-asan "${sanitize_options[@]}" --targets fuzzers
  shopt -s nullglob
  fuzzers=(build-asan/tests/fuzz/fuzz_*)
  [ ${#fuzzers[@]} -gt 0 ] || die "no fuzz targets were built"
  # One target per core at a time (each is single-threaded): half the wall
  # time of running them one after another on the 2-core CI machine. Each
  # target's log is kept and shown when it ends; any finding fails the stage.
  mkdir -p build-asan/fuzz-logs
  jobs_max=$(nproc)
  declare -A running=() # pid -> target
  finish_one() { # waits for whichever target ends first, shows its log, fails on a finding
    local pid rc=0
    wait -n -p pid "${!running[@]}" || rc=$?
    local name=${running[$pid]}
    unset "running[$pid]"
    cat "build-asan/fuzz-logs/$name.log" >&2
    if [ "$rc" -ne 0 ]; then
      [ ${#running[@]} -eq 0 ] || kill "${!running[@]}" 2>/dev/null || true
      die "$name found a problem (exit $rc): its log is above, the input is in build-asan/$name-*"
    fi
    say "fuzzed $name: $runs runs, no finding"
  }
  for f in "${fuzzers[@]}"; do
    [ -f "$f" ] && [ -x "$f" ] || continue # executables only (AUTOMOC leaves fuzz_*_autogen/ folders)
    name=$(basename "$f")
    corpus="tests/fuzz/corpus/${name#fuzz_}"
    mkdir -p "build-asan/corpus-$name"
    say "fuzzing $name for $runs runs"
    # Undefined behaviour is a finding, not a warning: stop and keep the input.
    # tests/fuzz/ubsan.supp names the reports inside Debian's stb_image that are not ours (why: there).
    UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1:suppressions="$PWD/tests/fuzz/ubsan.supp" \
      "$f" -runs="$runs" -max_len=65536 -seed=1 -artifact_prefix="build-asan/$name-" "build-asan/corpus-$name" \
      $( [ -d "$corpus" ] && echo "$corpus" ) >"build-asan/fuzz-logs/$name.log" 2>&1 &
    running[$!]=$name
    [ ${#running[@]} -lt "$jobs_max" ] || finish_one
  done
  while [ ${#running[@]} -gt 0 ]; do finish_one; done
  ;;
package)
  install_packages "${build_packages[@]}" "${package_packages[@]}"
  if [ ! -f build/build.ninja ]; then
    say "configuring build"
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  # Only what the package installs (the test suite is not needed for it).
  say "building the packaged targets"
  cmake --build build --target sluice sluice-cli demo_model package_docs -- -j"$(nproc)"
  say "packaging with CPack"
  (cd build && cpack -G DEB -B "$root/build" >/dev/null) || die "cpack failed (run: cd build && cpack -G DEB -B . --verbose)"
  rm -rf build/_CPack_Packages
  shopt -s nullglob
  debs=(build/sluice_*.deb)
  [ ${#debs[@]} -gt 0 ] || die "cpack wrote no build/sluice_*.deb"
  say "wrote ${debs[*]} (install: apt install ./${debs[0]})"
  ;;
demo-model)
  install_packages "${build_packages[@]}" "${demo_model_packages[@]}"
  if [ ! -f build/build.ninja ]; then
    say "configuring build"
    cmake -S . -B build -G Ninja -DCMAKE_BUILD_TYPE=Release >/dev/null
  fi
  cmake --build build --target sluice-cli sluice-dev -- -j"$(nproc)"
  tools/demo-model/run.sh build/core/cli/sluice-cli "${1:-37}"
  ;;
*)
  die "unknown mode '$mode' (use: run, test, test --sanitize, test --tsan, fuzz, fuzz-long, package, demo-model)"
  ;;
esac

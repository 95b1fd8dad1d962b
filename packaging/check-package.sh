#!/usr/bin/env bash
# CTest `package_deb` (docs/packaging.md): builds the .deb with CPack into a
# scratch folder, checks its control fields and file list, extracts it into a
# scratch root and runs what it installed there: sluice-cli --version and
# --help (user commands only: the developer tools are sluice-dev's), info on
# the extracted demo model, sluice --version, the desktop file and AppStream
# validators and man on both man pages.
#   check-package.sh BUILD_DIR PACKAGING_SOURCE_DIR VERSION DEMO_DIR
# Exit 77 (CTest "Skipped") with the reason when dpkg-deb or cpack is missing.
set -euo pipefail

build=$1 src=$2 version=$3 demo=$4
cpack=${CPACK:-cpack}

skip() { echo "SKIP: $*"; exit 77; }
fail() { echo "FAIL: $*" >&2; exit 1; }
command -v dpkg-deb >/dev/null || skip "dpkg-deb not found (not a Debian system)"
command -v "$cpack" >/dev/null || skip "cpack not found"
[ -f "$build/CPackConfig.cmake" ] || fail "$build/CPackConfig.cmake missing (configure first)"
[ -f "$demo/manifest.json" ] || fail "the demo model $demo is not built (ninja demo_model)"

tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# 1. Build: CPack's staging tree and the .deb both go to the scratch folder.
"$cpack" --config "$build/CPackConfig.cmake" -G DEB -B "$tmp/out" >"$tmp/cpack.log" 2>&1 \
  || { cat "$tmp/cpack.log"; fail "cpack failed"; }
debs=("$tmp"/out/sluice_*.deb)
[ ${#debs[@]} -eq 1 ] && [ -f "${debs[0]}" ] || fail "expected one sluice_*.deb, found: ${debs[*]}"
deb=${debs[0]}
arch=$(dpkg --print-architecture)
[ "$(basename "$deb")" = "sluice_${version}_${arch}.deb" ] || fail "package file name $(basename "$deb")"
echo "built $(basename "$deb") ($(stat -c %s "$deb") bytes)"

# 2. Control fields.
field() { dpkg-deb -f "$deb" "$1"; }
[ "$(field Package)" = sluice ] || fail "Package: $(field Package)"
[ "$(field Version)" = "$version" ] || fail "Version: $(field Version), expected $version"
[ "$(field Section)" = science ] || fail "Section: $(field Section)"
[ -n "$(field Maintainer)" ] || fail "no Maintainer"
depends=$(field Depends)
# dpkg-shlibdeps ran: the libraries the binaries link, with versions.
for lib in libc6 libqt6core6 libqt6gui6 libqt6widgets6 zlib1g libpcre2-8-0 libstdc++6 libtorrent-rasterbar2.0; do
  grep -Fq ", $lib (>= " <<<", $depends" || fail "Depends lacks a versioned $lib: $depends"
done
echo "Depends: $depends"

# 3. File list: every path but the demo's files against the expected list,
#    the demo's files against the build's demo folder.
dpkg-deb -c "$deb" | awk '{print $6}' | sort >"$tmp/all.txt"
demoPrefix=./usr/share/sluice/demo/sluice-demo.waste/
grep -v "^${demoPrefix}." "$tmp/all.txt" >"$tmp/actual.txt" || true
grep -v '^#' "$src/expected-files.txt" | sort >"$tmp/expected.txt"
diff -u "$tmp/expected.txt" "$tmp/actual.txt" || fail "file list differs from packaging/expected-files.txt (- expected, + in the package)"
grep "^${demoPrefix}." "$tmp/all.txt" | sed "s|^${demoPrefix}||" >"$tmp/demo-packaged.txt"
(cd "$demo" && find . -mindepth 1 | sed 's|^\./||; s|$||' | while read -r f; do
  if [ -d "$f" ]; then echo "$f/"; else echo "$f"; fi; done | sort) >"$tmp/demo-built.txt"
diff -u "$tmp/demo-built.txt" "$tmp/demo-packaged.txt" || fail "packaged demo differs from $demo"
echo "file list: $(wc -l <"$tmp/actual.txt") paths as expected, demo model $(wc -l <"$tmp/demo-packaged.txt") files"

# 4. Extract and run what was installed (no root needed: dpkg-deb -x).
root=$tmp/root
dpkg-deb -x "$deb" "$root"
cli=$root/usr/bin/sluice-cli
out=$("$cli" --version) || fail "sluice-cli --version exited $?"
[ "$out" = "sluice-cli $version" ] || fail "sluice-cli --version printed '$out'"
echo "$out"
# Issue 28: the installed sluice-cli lists user commands only; the developer
# tools (sluice-dev) are not in the package, and their names say so.
[ ! -e "$root/usr/bin/sluice-dev" ] || fail "the package installs sluice-dev (a build-tree tool)"
"$cli" --help >"$tmp/help.txt" || fail "sluice-cli --help exited $?"
# The developer commands' names as the build read them from their sources.
devnames=$(grep -o '"[a-z][a-z0-9-]*"' "$build/core/cli/generated/developercommands.h" | tr -d '"') ||
  fail "no developer command names in $build/core/cli/generated/developercommands.h"
for dev in $devnames; do
  ! grep -Eq "^  $dev " "$tmp/help.txt" || fail "installed sluice-cli --help lists the developer command $dev"
done
tail -n 1 "$tmp/help.txt" | grep -q sluice-dev || fail "sluice-cli --help does not end by naming sluice-dev"
set +e
"$cli" bench-budget >/dev/null 2>"$tmp/dev.txt"
rc=$?
set -e
[ "$rc" = 2 ] && grep -q "developer command of sluice-dev" "$tmp/dev.txt" ||
  fail "installed sluice-cli bench-budget: exit $rc, $(cat "$tmp/dev.txt")"
echo "sluice-cli --help: user commands only; developer commands named as sluice-dev's"
"$cli" info "$root/usr/share/sluice/demo/sluice-demo.waste" >"$tmp/info.txt" || { cat "$tmp/info.txt"; fail "sluice-cli info on the extracted demo"; }
grep -q . "$tmp/info.txt" || fail "sluice-cli info printed nothing"
head -3 "$tmp/info.txt"
gui=$(QT_QPA_PLATFORM=offscreen "$root/usr/bin/sluice" --version 2>&1) || fail "sluice --version exited $?: $gui"
grep -q "$version" <<<"$gui" || fail "sluice --version printed '$gui'"
echo "$gui"

# 5. Desktop integration files, validated as installed.
if command -v desktop-file-validate >/dev/null; then
  desktop-file-validate "$root/usr/share/applications/sluice.desktop" || fail "desktop-file-validate"
  echo "desktop-file-validate: ok"
else
  echo "SKIP part: desktop-file-validate not installed (Debian: desktop-file-utils)"
fi
metainfo=$root/usr/share/metainfo/io.github.sluice.Sluice.metainfo.xml
if command -v appstreamcli >/dev/null; then
  appstreamcli validate --no-net "$metainfo" || fail "appstreamcli validate"
else
  echo "SKIP part: appstreamcli not installed (Debian: appstream)"
fi
grep -q "<release version=\"$version\"" "$metainfo" || fail "metainfo has no <release version=\"$version\">"
if command -v man >/dev/null; then
  for page in sluice sluice-cli; do
    warnings=$(MANWIDTH=80 man --warnings -l "$root/usr/share/man/man1/$page.1.gz" 2>&1 >/dev/null) || fail "man -l $page.1.gz"
    [ -z "$warnings" ] || fail "man $page.1.gz warns: $warnings"
    MANWIDTH=80 man -l "$root/usr/share/man/man1/$page.1.gz" 2>/dev/null | grep -q "$version" || fail "$page.1 does not name version $version"
  done
  echo "man pages: render without warnings"
else
  echo "SKIP part: man not installed"
fi
echo "package ok"

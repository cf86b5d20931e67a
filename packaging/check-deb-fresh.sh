#!/usr/bin/env bash
# SPDX-License-Identifier: GPL-3.0-or-later
# Does reducescope_<version>_<arch>.deb install and start on a fresh Debian 12? (docs/install.md)
#
#   sudo packaging/check-deb-fresh.sh build-dev/reducescope_0.1.0_amd64.deb [ROOTDIR]
#
# Debootstraps a minimal Debian 12 (bookworm, --variant=minbase, plus bookworm-updates and
# bookworm-security as a fresh install has them) into ROOTDIR (default: a new folder under /var/tmp,
# removed at the end; a ROOTDIR you name is kept), installs the package there with
# `apt-get install -y ./reducescope_*.deb` (Recommends on, as `apt install` does), and checks, as an
# ordinary user "student" in the chroot:
#   - every shared library of /usr/bin/reducescope and /usr/bin/reducescope-cli resolves (ldd);
#   - the menu entry's Exec line (/usr/share/applications/*.desktop) starts the app: offscreen
#     --screenshot gives a 1600x1000 PNG; `reducescope --version` finds the CLI and the data in /usr;
#   - the app opens a shipped results file from /usr/share/reducescope/results (benchmark pane);
#   - reducescope-cli --version prints the package's version, and the interleaved-addressing trace of
#     6,2,7,4,5,8,3,1 ends in 36; a build with CUDA kernels and no GPU driver: bench exits 77;
#   - LANG=zh_CN.UTF-8: the window is translated (screenshot differs from the English one), first
#     without a CJK font (what the package alone gives), then with fonts-noto-cjk (its Suggests);
#   - desktop-file-validate and `appstreamcli validate` pass on the installed files, and the menu
#     entry starts on an X server (xvfb-run, Qt's xcb plugin) (these tools are installed only after
#     the checks above, so they cannot hide a missing dependency);
#   - `apt-get remove reducescope` leaves none of the package's files (and purge leaves no trace).
# REDUCESCOPE_DEB_NO_RECOMMENDS=1 installs the package with --no-install-recommends.
# Screenshots and the log go to $REDUCESCOPE_DEB_OUT (default ./deb-check-<package>), to look at.
#
# Needs root (chroot, mounts), debootstrap, and a Debian mirror ($REDUCESCOPE_DEB_MIRROR, default
# http://deb.debian.org/debian). The debootstrapped system is cached as a tarball in
# $REDUCESCOPE_DEB_CACHE (default /var/tmp/reducescope-deb-cache): the first run takes a few minutes
# more. Exit: 0 every check passed, 1 a check failed, 2 usage, 77 cannot run here (not root, no
# debootstrap, no mirror) -- the ctest `deb` label's skip code.
set -uo pipefail
# The whole script is one block, read before it runs: editing the file during a run cannot change it.
{

usage() { echo "usage: $0 PACKAGE.deb [ROOTDIR]" >&2; exit 2; }
skip() { echo "check-deb-fresh: SKIP: $*" >&2; exit 77; }
die() { echo "check-deb-fresh: $*" >&2; exit 1; }

[ $# -ge 1 ] && [ $# -le 2 ] || usage
deb=$(readlink -f "$1") || usage
[ -f "$deb" ] || { echo "check-deb-fresh: $1: no such package file" >&2; exit 2; }
[ "$(id -u)" = 0 ] || skip "needs root (debootstrap, chroot, mounts)"
command -v debootstrap >/dev/null || skip "debootstrap is not installed (apt-get install debootstrap)"
command -v dpkg-deb >/dev/null || skip "dpkg-deb is not installed"

suite=bookworm
mirror=${REDUCESCOPE_DEB_MIRROR:-http://deb.debian.org/debian}
security=${REDUCESCOPE_DEB_SECURITY:-http://deb.debian.org/debian-security}
cache=${REDUCESCOPE_DEB_CACHE:-/var/tmp/reducescope-deb-cache}
package=$(dpkg-deb -f "$deb" Package) || die "$deb: not a Debian package"
version=$(dpkg-deb -f "$deb" Version)
out=${REDUCESCOPE_DEB_OUT:-$PWD/deb-check-$(basename "$deb" .deb)}
mkdir -p "$out" "$cache" || die "cannot create $out or $cache"
log=$out/check.log
: >"$log"
exec > >(tee -a "$log") 2>&1
started=$(date +%s)

keep=0
if [ $# -eq 2 ]; then
  root=$(readlink -m "$2")
  keep=1
  [ ! -e "$root" ] || [ -z "$(ls -A "$root")" ] || die "$root exists and is not empty"
  mkdir -p "$root"
else
  root=$(mktemp -d /var/tmp/reducescope-fresh.XXXXXX)
fi

mounted=()
cleanup() {
  local i
  for ((i = ${#mounted[@]} - 1; i >= 0; i--)); do
    umount "${mounted[i]}" 2>/dev/null || umount -l "${mounted[i]}" 2>/dev/null
  done
  if [ "$keep" = 0 ] && [ -d "$root" ]; then
    # Only after every mount is gone: never remove through a bind mount of the host's /dev.
    if ! grep -q " $root/" /proc/mounts; then rm -rf --one-file-system "$root"; fi
  fi
}
trap cleanup EXIT
trap 'exit 1' INT TERM

# --- a fresh Debian 12 ------------------------------------------------------------------------
tarball=$cache/$suite-minbase.tar.gz
if [ ! -f "$tarball" ]; then
  echo "== debootstrap --variant=minbase $suite ($mirror) -> $tarball (once)"
  tmp=$(mktemp -d "$cache/rootfs.XXXXXX")
  if ! debootstrap --variant=minbase "$suite" "$tmp" "$mirror" >"$out/debootstrap.log" 2>&1; then
    rm -rf --one-file-system "$tmp"
    tail -5 "$out/debootstrap.log"
    grep -qiE "couldn't download|failed to resolve|unable to fetch|connection" "$out/debootstrap.log" \
      && skip "cannot reach the Debian mirror $mirror"
    die "debootstrap failed (see $out/debootstrap.log)"
  fi
  tar -C "$tmp" -czf "$tarball.part" . && mv "$tarball.part" "$tarball"
  rm -rf --one-file-system "$tmp"
fi
echo "== fresh $suite minbase from $tarball into $root"
tar -C "$root" -xzf "$tarball" || die "cannot unpack $tarball"

cat >"$root/etc/apt/sources.list" <<EOF
deb $mirror $suite main
deb $mirror $suite-updates main
deb $security $suite-security main
EOF
cp /etc/resolv.conf "$root/etc/resolv.conf" 2>/dev/null || true
printf '#!/bin/sh\nexit 101\n' >"$root/usr/sbin/policy-rc.d" && chmod 755 "$root/usr/sbin/policy-rc.d"
for m in proc sys dev dev/pts; do
  mkdir -p "$root/$m"
  case $m in
    proc) mount -t proc proc "$root/proc" ;;
    sys) mount -t sysfs sys "$root/sys" ;;
    dev) mount --bind /dev "$root/dev" ;;
    dev/pts) mount --bind /dev/pts "$root/dev/pts" ;;
  esac && mounted+=("$root/$m") || die "cannot mount $root/$m"
done
in_root() { chroot "$root" /usr/bin/env -i PATH=/usr/sbin:/usr/bin:/sbin:/bin LANG=C.UTF-8 DEBIAN_FRONTEND=noninteractive "$@"; }
platform=offscreen  # Qt's platform for as_student; the X11 check sets xcb
want_size=1600x1000  # the screenshot's size (empty: any)
# As the user at the desktop: an ordinary account with its own home, no display (offscreen).
as_student() {
  chroot --userspec=student:student "$root" /usr/bin/env -i PATH=/usr/local/bin:/usr/bin:/bin HOME=/home/student \
    USER=student XDG_RUNTIME_DIR=/tmp/runtime-student QT_QPA_PLATFORM="$platform" "$@"
}
in_root useradd --create-home --shell /bin/bash student || die "useradd failed"
in_root install -d -o student -g student -m 700 /tmp/runtime-student

echo "== apt-get update"
if ! in_root apt-get update -q >"$out/apt-update.log" 2>&1; then
  tail -5 "$out/apt-update.log"
  skip "apt-get update failed in the chroot (no network to $mirror?)"
fi
in_root dpkg-query -W -f='${Package}\n' | sort >"$out/packages-before.txt"

# --- the checks -------------------------------------------------------------------------------
passed=0
failed=0
pass() { echo "PASS  $*"; passed=$((passed + 1)); }
fail() { echo "FAIL  $*"; failed=$((failed + 1)); }
png_size() {  # WIDTHxHEIGHT of a PNG (its IHDR), or nothing
  python3 - "$1" <<'PY' 2>/dev/null
import struct, sys
d = open(sys.argv[1], 'rb').read(24)
if d[:8] == b'\x89PNG\r\n\x1a\n' and d[12:16] == b'IHDR':
    print('%dx%d' % struct.unpack('>II', d[16:24]))
PY
}
# screenshot NAME LANG ARGS...: runs the app as student, copies the PNG to $out/NAME.png
screenshot() {
  local name=$1 lang=$2
  shift 2
  rm -f "$root/tmp/$name.png"
  as_student LANG="$lang" "$@" --screenshot "/tmp/$name.png" >"$out/$name.out" 2>&1
  local rc=$?
  cp "$root/tmp/$name.png" "$out/$name.png" 2>/dev/null
  local size
  size=$(png_size "$root/tmp/$name.png")
  # Offscreen, the app renders at the docs' 1600x1000; on an X server the window's own size.
  if [ "$rc" = 0 ] && { [ "$size" = "$want_size" ] || { [ -z "$want_size" ] && [ -n "$size" ]; }; }; then
    pass "$name: $* --screenshot (LANG=$lang): exit 0, PNG $size -> $out/$name.png"
  else
    fail "$name: $* --screenshot (LANG=$lang): exit $rc, PNG '${size:-none}'"
    sed 's/^/      /' "$out/$name.out" | tail -5
  fi
  [ -s "$out/$name.out" ] && sed 's/^/      stderr: /' "$out/$name.out" | head -3
  return 0
}

# REDUCESCOPE_DEB_NO_RECOMMENDS=1: install with --no-install-recommends (Depends only), as some
# lab images do; by default Recommends come along, as with `apt install`.
no_recommends=
[ "${REDUCESCOPE_DEB_NO_RECOMMENDS:-0}" = 1 ] && no_recommends=--no-install-recommends
echo "== apt-get install -y $no_recommends ./$(basename "$deb")"
cp "$deb" "$root/tmp/"
if in_root sh -c "cd /tmp && apt-get install -y $no_recommends ./$(basename "$deb")" >"$out/apt-install.log" 2>&1; then
  pass "apt-get install -y $no_recommends ./$(basename "$deb")"
else
  fail "apt-get install -y ./$(basename "$deb")"
  tail -20 "$out/apt-install.log"
  exit 1
fi
grep -E "^(The following NEW packages|Need to get|After this operation)" -A0 "$out/apt-install.log"
in_root dpkg-query -W -f='${Package}\n' | sort >"$out/packages-after.txt"
echo "   $(comm -13 "$out/packages-before.txt" "$out/packages-after.txt" | wc -l) packages installed" \
     "(list: $out/packages-after.txt minus packages-before.txt)"
in_root dpkg -L "$package" | sort >"$out/files.txt"
fonts=$(comm -13 "$out/packages-before.txt" "$out/packages-after.txt" | grep -E '^fonts-' | tr '\n' ' ')
echo "   fonts pulled in: ${fonts:-none}"

# 1. shared libraries
for prog in /usr/bin/reducescope /usr/bin/reducescope-cli; do
  if [ ! -x "$root$prog" ]; then fail "$prog is not installed"; continue; fi
  missing=$(in_root ldd "$prog" 2>&1 | grep -E "not found|not a dynamic" || true)
  if [ -z "$missing" ]; then
    pass "ldd $prog: all $(in_root ldd "$prog" | grep -c '=>') libraries resolve"
  else
    fail "ldd $prog: $missing"
  fi
  cuda=$(in_root ldd "$prog" | grep -iE "libcuda|libcudart|libnccl" || true)
  [ -z "$cuda" ] && pass "ldd $prog: no CUDA/NCCL shared library (static runtime)" \
                 || fail "ldd $prog links CUDA dynamically: $cuda"
done

# 2. the menu entry's Exec line starts the app
desktop=$(grep -l "^Exec=reducescope" "$root"/usr/share/applications/*.desktop 2>/dev/null | head -1)
if [ -n "$desktop" ]; then
  exec_line=$(sed -n 's/^Exec=//p' "$desktop" | head -1)
  # Field codes (%f, %U, ...) stand for files the desktop would pass; the menu passes none.
  read -r -a exec_words <<<"$(sed 's/%[a-zA-Z]//g' <<<"$exec_line")"
  pass "menu entry ${desktop#"$root"}: Exec=$exec_line"
  screenshot menu-en C.UTF-8 "${exec_words[@]}"
  icon=$(sed -n 's/^Icon=//p' "$desktop" | head -1)
  icons=$(find "$root/usr/share/icons/hicolor" -name "$icon.*" | wc -l)
  [ "$icons" -gt 0 ] && pass "Icon=$icon: $icons files in the hicolor theme" || fail "Icon=$icon: not in /usr/share/icons/hicolor"
else
  fail "no /usr/share/applications/*.desktop with Exec=reducescope"
  exec_words=(reducescope)
fi

# 3. data found through /usr, shipped results open
as_student reducescope --version >"$out/app-version.txt" 2>&1
sed 's/^/      /' "$out/app-version.txt"
grep -qx "reducescope $version" "$out/app-version.txt" && pass "reducescope --version: $version" \
  || fail "reducescope --version is not \"reducescope $version\""
for want in "reducescope-cli: /usr/bin/reducescope-cli" "recorded results: /usr/share/reducescope/results" \
            "example traces: /usr/share/reducescope/traces"; do
  grep -qxF "$want" "$out/app-version.txt" && pass "app finds $want" || fail "app does not find $want"
done
cuda_kernels=$(sed -n 's/^CUDA kernels: //p' "$out/app-version.txt")
results=$(cd "$root" && find usr/share/reducescope/results -name 'bench_1m_graph_hot.json' | sort | head -1)
[ -n "$results" ] || results=$(cd "$root" && find usr/share/reducescope/results -name '*.json' | sort | head -1)
if [ -n "$results" ]; then
  screenshot results C.UTF-8 reducescope --results "/$results"
else
  fail "no results .json under /usr/share/reducescope/results"
fi

# 4. the CLI
cli_version=$(as_student reducescope-cli --version 2>&1 | head -1)
grep -qE "(^| )$version( |$)" <<<"$cli_version" && pass "reducescope-cli --version: $cli_version" \
  || fail "reducescope-cli --version: '$cli_version' lacks $version"
# "Interleaved addressing" (Harris's reduction #1 and #2) is simple (tid % stride) and
# interleaved_strided (index = 2*stride*tid) in the catalogue; both sum 6,2,7,4,5,8,3,1 to 36.
for strategy in simple interleaved_strided; do
  trace=$(as_student reducescope-cli trace --strategy $strategy --input 6,2,7,4,5,8,3,1 2>&1)
  grep -qE "^result +36 " <<<"$trace" && pass "reducescope-cli trace --strategy $strategy --input 6,2,7,4,5,8,3,1: $(grep -E '^result' <<<"$trace")" \
    || fail "reducescope-cli trace --strategy $strategy: no 'result 36' line: $(tail -3 <<<"$trace")"
done
if [[ $cuda_kernels == yes* ]]; then
  bench=$(as_student reducescope-cli bench --strategies simple --n 1024 2>&1)
  rc=$?
  [ "$rc" = 77 ] && pass "CUDA build without a GPU driver: reducescope-cli bench exits 77: $(head -1 <<<"$bench")" \
    || fail "reducescope-cli bench without a GPU driver: exit $rc (want 77): $(head -2 <<<"$bench")"
else
  pass "build without CUDA kernels: reducescope --version says 'CUDA kernels: $cuda_kernels'"
fi

# 5. Chinese: the translation loads; glyphs need a CJK font, which the package only suggests
screenshot zh-no-cjk-font zh_CN.UTF-8 "${exec_words[@]}"
cmp -s "$out/menu-en.png" "$out/zh-no-cjk-font.png" && fail "LANG=zh_CN.UTF-8 screenshot equals the English one (no translation)" \
  || pass "LANG=zh_CN.UTF-8 screenshot differs from the English one (translation loaded)"
echo "== apt-get install -y fonts-noto-cjk (Suggests)"
if in_root apt-get install -y -q fonts-noto-cjk >"$out/apt-fonts.log" 2>&1; then
  screenshot zh zh_CN.UTF-8 "${exec_words[@]}"
  cmp -s "$out/zh-no-cjk-font.png" "$out/zh.png" && fail "fonts-noto-cjk changed nothing in the zh_CN screenshot" \
    || pass "with fonts-noto-cjk the zh_CN screenshot changes (CJK glyphs drawn; look at $out/zh.png)"
  [[ $cuda_kernels == yes* ]] || screenshot zh-results zh_CN.UTF-8 reducescope --results "/$results"
else
  fail "apt-get install fonts-noto-cjk"
fi

# 6. validators on the installed files, and an X11 display (installed now, after the checks above)
echo "== apt-get install -y desktop-file-utils appstream xvfb xauth"
if in_root apt-get install -y -q --no-install-recommends desktop-file-utils appstream xvfb xauth >"$out/apt-tools.log" 2>&1; then
  # The menu entry on an X server (Xvfb), through Qt's xcb plugin, as a desktop starts it.
  platform=xcb want_size='' screenshot x11 C.UTF-8 xvfb-run -a -s "-screen 0 1920x1080x24" "${exec_words[@]}"
  for f in $(grep -E '^/usr/share/applications/.*\.desktop$' "$out/files.txt"); do
    r=$(in_root desktop-file-validate "$f" 2>&1)
    [ $? = 0 ] && [ -z "$r" ] && pass "desktop-file-validate $f" || fail "desktop-file-validate $f: $r"
  done
  for f in $(grep -E '^/usr/share/metainfo/.*\.xml$' "$out/files.txt"); do
    r=$(in_root appstreamcli validate --no-net "$f" 2>&1)
    [ $? = 0 ] && pass "appstreamcli validate --no-net $f: $(tail -1 <<<"$r" | tr -d '\n')" \
      || fail "appstreamcli validate $f: $r"
  done
else
  fail "apt-get install desktop-file-utils appstream"
fi

# 7. remove, then purge: nothing of the package stays
in_root apt-get remove -y -q "$package" >"$out/apt-remove.log" 2>&1 && pass "apt-get remove $package" || fail "apt-get remove $package"
left=()
while read -r f; do
  [ -n "$f" ] && [ ! -d "$root$f" ] && [ -e "$root$f" ] && left+=("$f")
done <"$out/files.txt"
[ ${#left[@]} = 0 ] && pass "after remove: none of the package's $(wc -l <"$out/files.txt") paths is left as a file" \
  || fail "after remove, still there: ${left[*]}"
for d in /usr/share/reducescope /usr/share/doc/reducescope; do
  [ -e "$root$d" ] && fail "after remove, $d is still there" || pass "after remove, $d is gone"
done
in_root apt-get purge -y -q "$package" >>"$out/apt-remove.log" 2>&1
status=$(in_root dpkg-query -W -f='${db:Status-Abbrev}' "$package" 2>/dev/null)
[ -z "$status" ] || [[ $status == un* ]] && pass "after purge: dpkg knows no $package" \
  || fail "after purge: dpkg status '$status'"

echo "== $passed passed, $failed failed, $(( $(date +%s) - started )) s; log and screenshots in $out"
[ "$failed" = 0 ]
exit
}

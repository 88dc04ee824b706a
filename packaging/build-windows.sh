#!/usr/bin/env bash
# Builds the Windows packages into target/packages/, from Linux (Debian or Ubuntu):
#   swiss-arbiter-VERSION-x86_64-setup.exe    per-user installer (NSIS): Start menu, icon,
#                                             .sarb file type, uninstaller; no administrator
#   swiss-arbiter-VERSION-x86_64-windows.zip  portable: unzip anywhere and run
# Installs what it lacks: the rustup target x86_64-pc-windows-gnu, the MinGW-w64 linker
# (gcc-mingw-w64-x86-64), NSIS and zip (apt-get, through sudo when not root).
# Usage: packaging/build-windows.sh          Check under Wine: packaging/test-windows.sh
set -euo pipefail
cd "$(dirname "$0")/.."
target=x86_64-pc-windows-gnu

missing=()
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || missing+=(gcc-mingw-w64-x86-64)
command -v makensis >/dev/null 2>&1 || missing+=(nsis)
command -v zip >/dev/null 2>&1 || missing+=(zip)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  $sudo apt-get install -y -qq "${missing[@]}"
fi
[[ $'\n'$(rustup target list --installed)$'\n' == *$'\n'"$target"$'\n'* ]] || rustup target add "$target"

version=$(awk -F'"' '/^version = /{print $2; exit}' Cargo.toml)
out=target/packages
mkdir -p "$out"
stage=$(mktemp -d)
trap 'rm -rf "$stage"' EXIT

# The icon and version resource, linked into the .exe (Explorer, taskbar, Properties). Its
# name carries its content's hash, so that cargo links again when it changes.
windres_out="$stage/resources.o"
x86_64-w64-mingw32-windres -DVERSION="\\\"$version\\\"" -DVERSION_COMMAS="${version//./,},0" \
  packaging/windows/swiss-arbiter.rc -O coff -o "$windres_out"
resources="target/$target/resources-$(sha256sum "$windres_out" | cut -c1-16).o"
mkdir -p "target/$target"
cp "$windres_out" "$resources"
cargo rustc --release --target "$target" --bin swiss-arbiter -- -C "link-arg=$PWD/$resources"
# Stripped: the release profile keeps line tables for backtraces.
x86_64-w64-mingw32-strip -o "$stage/swiss-arbiter.exe" "target/$target/release/swiss-arbiter.exe"

setup="$out/swiss-arbiter-$version-x86_64-setup.exe"
makensis -NOCD -V2 -DVERSION="$version" -DEXE="$stage/swiss-arbiter.exe" -DOUTFILE="$setup" \
  packaging/windows/swiss-arbiter.nsi

portable="swiss-arbiter-$version"
mkdir -p "$stage/$portable"
cp "$stage/swiss-arbiter.exe" assets/icons/swiss-arbiter.ico "$stage/$portable/"
cp README.md "$stage/$portable/README.md"
mkdir -p "$stage/$portable/help"
cp assets/help/*.md "$stage/$portable/help/"
rm -f "$out/swiss-arbiter-$version-x86_64-windows.zip"
(cd "$stage" && zip -q -r -9 "$OLDPWD/$out/swiss-arbiter-$version-x86_64-windows.zip" "$portable")
ls -l "$setup" "$out/swiss-arbiter-$version-x86_64-windows.zip"

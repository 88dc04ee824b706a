#!/usr/bin/env bash
# Builds the Linux packages into target/packages/:
#   swiss-arbiter_VERSION-1_ARCH.deb          (cargo-deb; Debian, Ubuntu and derivatives)
#   swiss-arbiter-VERSION-ARCH-linux.tar.gz   (any distribution: unpack into ~/.local or /usr/local)
# Needs only Rust and cargo-deb (installed on first use). Usage: packaging/build-linux.sh
set -euo pipefail
cd "$(dirname "$0")/.."
command -v cargo-deb >/dev/null 2>&1 || cargo install cargo-deb --locked
out=target/packages
mkdir -p "$out"

cargo build --release
# Stripped: the release profile keeps line tables for backtraces, ~170 MB of the binary.
cargo deb --no-build --strip --output "$out/"

version=$(sed -n 's/^version = "\(.*\)"/\1/p' Cargo.toml | head -1)
arch=$(uname -m)
name="swiss-arbiter-$version-$arch-linux"
stage=$(mktemp -d)
root="$stage/$name"
install -Dm755 -s target/release/swiss-arbiter "$root/bin/swiss-arbiter"
install -Dm644 packaging/linux/org.swiss_arbiter.SwissArbiter.desktop "$root/share/applications/org.swiss_arbiter.SwissArbiter.desktop"
install -Dm644 packaging/linux/org.swiss_arbiter.SwissArbiter.xml "$root/share/mime/packages/org.swiss_arbiter.SwissArbiter.xml"
install -Dm644 assets/icons/swiss-arbiter.svg "$root/share/icons/hicolor/scalable/apps/org.swiss_arbiter.SwissArbiter.svg"
for size in 32 48 64 128 256; do
  install -Dm644 "assets/icons/swiss-arbiter-$size.png" "$root/share/icons/hicolor/${size}x${size}/apps/org.swiss_arbiter.SwissArbiter.png"
done
install -Dm644 README.md "$root/share/doc/swiss-arbiter/README.md"
for guide in assets/help/*.md; do
  install -Dm644 "$guide" "$root/share/doc/swiss-arbiter/help/$(basename "$guide")"
done
cat > "$root/install.sh" <<'SH'
#!/bin/sh
# Installs into PREFIX (default ~/.local): the program, menu entry, icons, file type.
set -e
prefix=${PREFIX:-$HOME/.local}
here=$(dirname "$0")
mkdir -p "$prefix"
cp -R "$here/bin" "$here/share" "$prefix/"
update-mime-database "$prefix/share/mime" 2>/dev/null || true
update-desktop-database "$prefix/share/applications" 2>/dev/null || true
echo "installed into $prefix (make sure $prefix/bin is on your PATH)"
SH
chmod 755 "$root/install.sh"
tar -C "$stage" -czf "$out/$name.tar.gz" "$name"
rm -rf "$stage"
ls -l "$out"

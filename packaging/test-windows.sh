#!/usr/bin/env bash
# Smoke test of the Windows packages under Wine, headless (Xvfb): the release check for
# Windows, run here on Linux. Builds the packages first when they are missing
# (packaging/build-windows.sh). Installs what it lacks: wine64, MinGW-w64, xvfb, xdotool,
# imagemagick and poppler-utils (apt-get, through sudo when not root).
#
#   1. the installer installs silently (/S): program, Start-menu entry, .sarb file type;
#   2. the installed program answers --help, and so does the portable one (the zip);
#   3. in a folder named with spaces and non-ASCII letters
#      (C:\users\NAME\Zoë Østergård\Turnier 2026): pairs a round, checks a sample of the
#      conformance corpus (CHECK_FILES of each Dutch version, default 30) with the same
#      summary line as the Linux build, prints a PDF that pdftotext reads, and converts an
#      event to .sarb and back to TRF byte for byte as the Linux build does;
#   4. the window opens on a .sarb file and draws (screenshot kept in target/wine-test/),
#      keeps its data folder in %APPDATA%, autosaves there after an edit, saves the file
#      where it is (Ctrl+S, non-ASCII folder), and a second launch hands its file to it;
#   5. the uninstaller removes the program, the Start-menu entry and the file type.
# Exits non-zero on the first failure. Usage: packaging/test-windows.sh
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD

missing=()
command -v wine64 >/dev/null 2>&1 || command -v wine >/dev/null 2>&1 || missing+=(wine64)
command -v x86_64-w64-mingw32-gcc >/dev/null 2>&1 || missing+=(gcc-mingw-w64-x86-64)
command -v Xvfb >/dev/null 2>&1 || missing+=(xvfb)
command -v xdotool >/dev/null 2>&1 || missing+=(xdotool)
command -v import >/dev/null 2>&1 || missing+=(imagemagick)
command -v pdftotext >/dev/null 2>&1 || missing+=(poppler-utils)
if [ ${#missing[@]} -gt 0 ]; then
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo="sudo"
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq "${missing[@]}"
fi
wine=$(command -v wine64 || command -v wine)
wineserver=$(command -v wineserver || echo /usr/lib/wine/wineserver)

version=$(awk -F'"' '/^version = /{print $2; exit}' Cargo.toml)
setup=target/packages/swiss-arbiter-$version-x86_64-setup.exe
[ -f "$setup" ] || packaging/build-windows.sh
# The Linux build, to compare with.
cargo build --release --no-default-features --bin swiss-arbiter
native=$root/target/release/swiss-arbiter

work=$root/target/wine-test
rm -rf "$work"
mkdir -p "$work"
export WINEPREFIX=$work/prefix WINEDEBUG=-all WINEDLLOVERRIDES="mscoree,mshtml="
fail() { echo "FAIL: $*" >&2; exit 1; }
step() { echo "== $*"; }

display=:$(( 90 + RANDOM % 9 ))
Xvfb "$display" -screen 0 1280x800x24 >/dev/null 2>&1 &
xvfb=$!
cleanup() { "$wineserver" -k 2>/dev/null || true; kill "$xvfb" 2>/dev/null || true; }
trap cleanup EXIT
export DISPLAY=$display
"$wine" wineboot -i >/dev/null 2>&1
"$wineserver" -w
# Wine 8 lacks bcryptprimitives.dll (Windows has had it since Windows 8), where Rust's
# standard library takes its random bytes: a stand-in goes into this prefix only.
system32="$WINEPREFIX/drive_c/windows/system32"
if [ ! -f "$system32/bcryptprimitives.dll" ]; then
  x86_64-w64-mingw32-gcc -O2 -shared -o "$system32/bcryptprimitives.dll" \
    packaging/windows/wine/bcryptprimitives.c packaging/windows/wine/bcryptprimitives.def -ladvapi32
  echo "(Wine $("$wine" --version 2>/dev/null | tr -d '\r') has no bcryptprimitives.dll: the stand-in of packaging/windows/wine/ is used)"
fi

user=$(ls "$WINEPREFIX/drive_c/users" | grep -vx Public | sed -n 1p)
home="$WINEPREFIX/drive_c/users/$user"
instdir="$home/AppData/Local/Programs/swiss-arbiter"
exe="$instdir/swiss-arbiter.exe"
run() { "$wine" "$exe" "$@"; }

step "1. silent install ($(du -h "$setup" | cut -f1) installer)"
"$wine" "$setup" /S
"$wineserver" -w
[ -f "$exe" ] || fail "no $exe after the installer"
[ -f "$home/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/swiss-arbiter.lnk" ] \
  || fail "no Start-menu entry"
has() { [[ $1 == *"$2"* ]]; }
has "$("$wine" reg query 'HKCU\Software\Classes\.sarb' 2>/dev/null)" SwissArbiter.Event \
  || fail ".sarb is not associated"
has "$("$wine" reg query 'HKCU\Software\Classes\SwissArbiter.Event\shell\open\command' 2>/dev/null)" \
  'swiss-arbiter.exe' || fail "no open command for .sarb"
has "$(x86_64-w64-mingw32-objdump -h "$exe")" ".rsrc" || fail "no icon or version resource in the .exe"
has "$(x86_64-w64-mingw32-strings -el "$exe")" "swiss-arbiter developers" || fail "no version information in the .exe"
echo "installed in ${instdir#"$WINEPREFIX/drive_c/"}, with its icon and version resource"

step "2. --help, installed and portable"
has "$(run --help | tr -d '\r')" "Usage: swiss-arbiter" || fail "--help"
zip=target/packages/swiss-arbiter-$version-x86_64-windows.zip
python3 -m zipfile -e "$zip" "$work/portable" 2>/dev/null || unzip -q "$zip" -d "$work/portable"
has "$("$wine" "$work/portable/swiss-arbiter-$version/swiss-arbiter.exe" --version | tr -d '\r')" \
  "swiss-arbiter $version" || fail "the portable program does not start"
echo "the portable program starts ($(du -h "$zip" | cut -f1) zip)"

step "3. a folder with spaces and non-ASCII letters"
folder="$home/Zoë Østergård/Turnier 2026"
winfolder="C:\\users\\$user\\Zoë Østergård\\Turnier 2026"
mkdir -p "$folder"
files=${CHECK_FILES:-30}
for system in dutch-2017 dutch-2026 dutch-2012; do
  mkdir -p "$folder/$system"
  if [ -d ../shared/conformance/$system ]; then
    corpus=(../shared/conformance/"$system"/*.trf)
    cp "${corpus[@]:0:$files}" "$folder/$system/"
  else
    echo "SKIPPED: ../shared/conformance is absent; the committed fixtures of $system are checked"
    prefix=${system//-/}
    cp tests/fixtures/"$prefix"-*.trf "$folder/$system/"
  fi
  start=$(date +%s%N)
  on_windows=$(run check --system "$system" "$winfolder\\$system" | tr -d '\r' | tail -1)
  windows_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  start=$(date +%s%N)
  on_linux=$("$native" check --system "$system" "$folder/$system" | tail -1)
  linux_ms=$(( ($(date +%s%N) - start) / 1000000 ))
  echo "$system: $on_windows (Wine $windows_ms ms, Linux $linux_ms ms)"
  [ "$on_windows" = "$on_linux" ] || fail "$system: Linux says: $on_linux"
  case "$on_windows" in *" 0 different, 0 errors") ;; *) fail "$system: not all identical";; esac
done
samples=("$folder/dutch-2026"/*.trf)
event=${samples[0]}
winevent="$winfolder\\dutch-2026\\$(basename "$event")"
[ "$(run pair --system dutch-2026 --round 3 --format text "$winevent" | tr -d '\r')" = "$("$native" pair --system dutch-2026 --round 3 --format text "$event")" ] \
  || fail "pair differs from Linux"
echo "pair: the same pairing as Linux"
run print --doc standings "$winevent" -o "$winfolder\\Stand.pdf" >/dev/null
has "$(pdftotext "$folder/Stand.pdf" -)" "Standings" || fail "the PDF does not read"
echo "print: $(pdfinfo "$folder/Stand.pdf" | grep Pages | tr -s ' ') readable"
run convert "$winevent" -o "$winfolder\\Ereignis.sarb" >/dev/null
run convert "$winfolder\\Ereignis.sarb" -o "$winfolder\\zurück.trf" >/dev/null
"$native" convert "$event" -o "$work/linux.sarb" >/dev/null
"$native" convert "$work/linux.sarb" -o "$work/linux.trf" >/dev/null
cmp -s "$folder/zurück.trf" "$work/linux.trf" || fail "TRF -> .sarb -> TRF differs from Linux"
cmp -s "$folder/Ereignis.sarb" "$work/linux.sarb" || fail ".sarb differs from Linux"
echo "convert: .sarb and TRF identical to Linux's"

step "4. the window"
data="$home/AppData/Roaming/swiss-arbiter/swiss-arbiter/data"
run "$winfolder\\Ereignis.sarb" >"$work/window.log" 2>&1 &
disown
window=""
for _ in $(seq 1 120); do
  window=$(xdotool search --name '^swiss-arbiter$' 2>/dev/null | sed -n 1p || true)
  [ -n "$window" ] && break
  sleep 1
done
[ -n "$window" ] || fail "no window (see $work/window.log)"
sleep 5
import -window root "$work/window.png"
echo "window $window open; screenshot in ${work#"$root/"}/window.png"
[ -f "$data/instance.lock" ] || fail "no data folder in %APPDATA% ($data)"
# An edit (Section -> Add a section, clicked in the menu bar) is autosaved there. Wine
# draws the window's frame itself: the client area starts where the X window does plus
# Wine's title bar, found from the screenshot as the first row of the menu bar.
eval "$(xdotool getwindowgeometry --shell "$window")"
click() { xdotool mousemove "$(( X + $1 ))" "$(( Y + $2 ))" click 1; sleep 2; }
click 105 12
click 150 39
for _ in $(seq 1 30); do
  ls "$data"/autosave-*.ron >/dev/null 2>&1 && break
  sleep 1
done
ls "$data"/autosave-*.ron >/dev/null 2>&1 || fail "no autosave after an edit"
import -window root "$work/window-edited.png"
echo "autosave: $(ls "$data" | grep -c '^autosave-.*\.ron$') file(s) in %APPDATA%"
# Ctrl+S saves both sections over the file it opened, in the non-ASCII folder.
xdotool key ctrl+s
for _ in $(seq 1 30); do
  has "$(cat "$folder/Ereignis.sarb")" "sections:" && break
  sleep 1
done
has "$(cat "$folder/Ereignis.sarb")" "sections:" || fail "Ctrl+S did not save the two sections"
[ -f "$folder/Ereignis.backup.sarb" ] || fail "no backup of the version replaced"
echo "save: Ctrl+S wrote both sections to Ereignis.sarb, the old version kept as Ereignis.backup.sarb"
start=$(date +%s%N)
has "$(run "$winfolder\\Ereignis.sarb" 2>&1 | tr -d '\r')" "handed to the window already running" \
  || fail "a second launch did not hand its file over"
echo "second launch: handed over in $(( ($(date +%s%N) - start) / 1000000 )) ms"

step "5. silent uninstall"
"$wineserver" -k 2>/dev/null || true
"$wine" wineboot >/dev/null 2>&1 || true
"$wine" "$instdir/Uninstall.exe" /S
"$wineserver" -w
sleep 2
[ ! -e "$exe" ] || fail "the program is still installed"
[ ! -e "$home/AppData/Roaming/Microsoft/Windows/Start Menu/Programs/swiss-arbiter.lnk" ] \
  || fail "the Start-menu entry is still there"
if "$wine" reg query 'HKCU\Software\Classes\SwissArbiter.Event' >/dev/null 2>&1; then
  fail "the file type is still registered"
fi
[ -f "$folder/Ereignis.sarb" ] || fail "the uninstaller removed an event file"
echo "uninstalled; event files and the data folder kept"
echo "PASS"

#!/usr/bin/env bash
# Builds every release binary into OUTDIR (default: release/), named as Stockfish names
# its builds (vazir-<os>-<target>[.exe]), each with the default net embedded and linked
# statically where the platform allows (Windows and armv8 fully; Linux x86-64 all but libc
# and libfathom, which Debian ships shared only: see docs/building.md), plus SHA256SUMS.
# Installs the cross compilers it needs (Debian 12, as root: scripts/install-deps.sh).
#
# Usage: scripts/release.sh [OUTDIR]       JOBS=<n> sets the build parallelism (default: nproc)
set -euo pipefail
cd "$(dirname "$0")/.."
out=${1:-release}
jobs=${JOBS:-$(nproc)}
bash scripts/install-deps.sh g++-mingw-w64-x86-64-posix g++-aarch64-linux-gnu

# CMake preset (CMakePresets.json) : file name. The x86-64 presets differ only in the CPU
# they target; docs/building.md says which to pick.
builds=(
  windows-x86-64-avx2:vazir-windows-x86-64-avx2.exe
  windows-x86-64-v3:vazir-windows-x86-64-v3.exe
  windows-x86-64-v2:vazir-windows-x86-64-v2.exe
  linux-x86-64-avx512:vazir-linux-x86-64-avx512
  linux-x86-64-avx2:vazir-linux-x86-64-avx2
  linux-x86-64-v3:vazir-linux-x86-64-v3
  linux-x86-64-v2:vazir-linux-x86-64-v2
  linux-x86-64:vazir-linux-x86-64
  linux-armv8:vazir-linux-armv8
)

mkdir -p "$out"
out=$(cd "$out" && pwd)
for b in "${builds[@]}"; do
  preset=${b%%:*} name=${b#*:}
  echo "== $preset -> $name"
  cmake --preset "$preset" >/dev/null
  cmake --build --preset "$preset" -j"$jobs" >/dev/null
  dir=build-$preset
  exe=$dir/vazir
  [ -f "$exe.exe" ] && exe=$exe.exe
  # The target's own strip (a host strip cannot read a PE or AArch64 file).
  strip=$(sed -n 's/^CMAKE_STRIP:FILEPATH=//p' "$dir/CMakeCache.txt")
  "${strip:-strip}" -o "$out/$name" "$exe"
done

# Every binary must carry the default net: its bytes, whole, inside the file.
netfile=$(sed -n 's/^VAZIR_NET_EMBEDDED:INTERNAL=//p' "build-linux-x86-64/CMakeCache.txt")
[ -n "$netfile" ] || { echo "build-linux-x86-64 has no embedded net" >&2; exit 1; }
python3 - "$netfile" "$out" "${builds[@]}" <<'PY'
import sys
net = open(sys.argv[1], "rb").read()
for b in sys.argv[3:]:
    name = b.split(":", 1)[1]
    if net not in open(f"{sys.argv[2]}/{name}", "rb").read():
        sys.exit(f"{name}: the net {sys.argv[1]} is not embedded")
print(f"net embedded in every binary: {sys.argv[1]} ({len(net)} bytes)")
PY

(cd "$out" && sha256sum vazir-* > SHA256SUMS && ls -l vazir-* SHA256SUMS)

#!/usr/bin/env bash
# Builds the fuzz targets (tests/fuzz/fuzz_*.cc) with AddressSanitizer and UBSan and runs
# each for SECONDS from a seed corpus made at run time: the target's .seeds file (one input
# a line), binary seeds (seeds/<area>/), its saved regression inputs (regressions/<area>/,
# each a crash found earlier and fixed), and, for the checkpoint reader, real TensorFlow
# checkpoint files.
#   usage: tests/fuzz/run.sh [SECONDS=20] [BUILD_DIR=build/fuzz]
# libFuzzer (clang) when available; otherwise a standalone mutation driver built with the
# default compiler. Fails if any input crashes or trips a sanitizer.
set -euo pipefail
seconds=${1:-20}
root=$(cd "$(dirname "$0")/../.." && pwd)
build=${2:-$root/build/fuzz}
compiler=${FUZZ_CXX:-$(command -v clang++ || command -v c++ || command -v g++)}
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)

cmake -S "$root/tests/fuzz" -B "$build" "${generator[@]}" -DCMAKE_CXX_COMPILER="$compiler" >/dev/null
cmake --build "$build" -j "$(nproc 2>/dev/null || echo 2)" >/dev/null

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
export ASAN_OPTIONS=${ASAN_OPTIONS:-detect_leaks=1:abort_on_error=0}
export UBSAN_OPTIONS=${UBSAN_OPTIONS:-halt_on_error=1:print_stacktrace=1}

status=0
for target in "$build"/fuzz_*; do
  [ -x "$target" ] || continue
  name=$(basename "$target")
  area=${name#fuzz_}
  corpus="$work/$area"
  mkdir -p "$corpus"
  : > "$corpus/empty"
  if [ -f "$root/tests/fuzz/$area.seeds" ]; then
    n=0
    while IFS= read -r line || [ -n "$line" ]; do
      printf '%s' "$line" > "$corpus/seed-$n"
      n=$((n + 1))
    done < "$root/tests/fuzz/$area.seeds"
  fi
  if [ -d "$root/tests/fuzz/regressions/$area" ]; then
    cp "$root/tests/fuzz/regressions/$area"/* "$corpus/" 2>/dev/null || true
  fi
  if [ -d "$root/tests/fuzz/seeds/$area" ]; then  # binary seeds (a .seeds file holds one per line)
    cp "$root/tests/fuzz/seeds/$area"/* "$corpus/" 2>/dev/null || true
  fi
  if [ "$area" = checkpoint ]; then
    # Real checkpoints written by TensorFlow (never committed into the corpus), each packed as
    # the target reads its input: uint32 little-endian index size, the .index, the data shard.
    fixtures="${VARRT_CKPT_FIXTURES:-$root/tests/fixtures/tf_checkpoints}"
    python3 - "$fixtures" "$corpus" <<'PY'
import pathlib, struct, sys
fixtures, corpus = pathlib.Path(sys.argv[1]), pathlib.Path(sys.argv[2])
for n, index in enumerate(sorted(fixtures.rglob("*.index")) if fixtures.is_dir() else []):
    meta = index.read_bytes()
    shard = index.with_name(index.name[:-len(".index")] + ".data-00000-of-00001")
    data = shard.read_bytes() if shard.exists() else b""
    (corpus / f"tf-{n}-{index.parent.name}").write_bytes(struct.pack("<I", len(meta)) + meta + data)
PY
  fi
  dict=()
  [ -f "$root/tests/fuzz/$area.dict" ] && dict=(-dict="$root/tests/fuzz/$area.dict")
  log="$work/$area.log"
  echo "+ $name: ${seconds}s from $(ls "$corpus" | wc -l) seed inputs"
  if ! "$target" -max_total_time="$seconds" -seed=1 -timeout=60 -rss_limit_mb=2048 -print_final_stats=1 \
      -artifact_prefix="$build/crash-$area-" "${dict[@]}" "$corpus" > "$log" 2>&1; then
    status=1
    tail -n 60 "$log"
    echo "FAILED: $name (crashing input saved as $build/crash-$area-*)"
    continue
  fi
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p; s/^Done \([0-9]*\) runs.*/\1/p' "$log" | tail -n 1)
  echo "  $name: ${execs:-?} executions, no crash"
done
exit $status

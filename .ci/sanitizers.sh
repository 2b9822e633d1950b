#!/usr/bin/env bash
# Sanitizer step of CI, run by .ci/run after the README's test command:
#   1. the core's C++ tests built with AddressSanitizer + UndefinedBehaviorSanitizer, run clean
#      (leak checking on, any UB report fatal);
#   2. the C++ concurrency tests, the thread pool's and the (pool-run) reductions' built with
#      ThreadSanitizer;
#   3. short fuzz runs of every tests/fuzz target (tests/fuzz/run.sh), seeded with real inputs.
# Takes 3-5 minutes on 2 cores. VARRT_FUZZ_SECONDS sets the fuzz time per target (default 15).
set -euo pipefail
cd "$(dirname "$0")/.."

build=${VARRT_SANITIZER_BUILD:-build/sanitize}
jobs=$(nproc 2>/dev/null || echo 2)
generator=()
command -v ninja >/dev/null && generator=(-G Ninja)
export ASAN_OPTIONS=detect_leaks=1:abort_on_error=1:detect_stack_use_after_return=1:strict_string_checks=1
export UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1
export TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1

configure() {  # configure <dir> <sanitizers>
  cmake -S . -B "$1" "${generator[@]}" -DVARRT_PYTHON=OFF -DVARRT_BUILD_TESTS=ON -DCMAKE_BUILD_TYPE=RelWithDebInfo \
    -DVARRT_SANITIZE="$2" -DCMAKE_CXX_FLAGS="-fno-sanitize-recover=all" >/dev/null
}

start=$SECONDS
echo "+ C++ core tests under AddressSanitizer + UndefinedBehaviorSanitizer"
configure "$build/asan" address,undefined
cmake --build "$build/asan" -j "$jobs" >/dev/null
ctest --test-dir "$build/asan" --output-on-failure

echo "+ C++ concurrency tests under ThreadSanitizer"
configure "$build/tsan" thread
cmake --build "$build/tsan" -j "$jobs" --target test_concurrency test_parallel test_reduction >/dev/null
ctest --test-dir "$build/tsan" --output-on-failure -R '^test_(concurrency|parallel|reduction)$'

echo "+ fuzz smoke runs"
tests/fuzz/run.sh "${VARRT_FUZZ_SECONDS:-15}" "$build/fuzz"
echo "sanitizers: all clean in $((SECONDS - start)) s"

#!/usr/bin/env bash
# Builds the libFuzzer targets with clang (address and undefined sanitizers,
# every library instrumented for coverage) and runs each for a while on its
# seed corpus, in parallel jobs.
#
# Usage: libfuzzer/run.sh [SECONDS per target, default 60] [JOBS per target, default 1]
# Env:   TENGEN_LIBFUZZER_BUILD_DIR (default build-libfuzzer), CXX (default clang++),
#        TENGEN_LIBFUZZER_TARGETS (default: all four), TENGEN_LIBFUZZER_RSS_MB (default 2048).
# Findings (crash-*, leak-*, timeout-*, oom-*) land in $BUILD/findings/TARGET/;
# the grown corpus in $BUILD/corpus/TARGET/ (the seeds in libfuzzer/corpus stay as
# they are). Exit status 1 if any target found something.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$(pwd)"

seconds="${1:-60}"
jobs="${2:-1}"
build="${TENGEN_LIBFUZZER_BUILD_DIR:-build-libfuzzer}"
case "$build" in /*) ;; *) build="$root/$build" ;; esac
cxx="${CXX:-clang++}"
targets=(${TENGEN_LIBFUZZER_TARGETS:-sgf_reader_fuzz gtp_engine_fuzz gtp_protocol_fuzz kernel_fuzz})
rss="${TENGEN_LIBFUZZER_RSS_MB:-2048}"

cmake -S . -B "$build" -G Ninja \
  -DCMAKE_CXX_COMPILER="$cxx" \
  -DCMAKE_BUILD_TYPE=RelWithDebInfo \
  -DCMAKE_CXX_FLAGS="-fsanitize=fuzzer-no-link" \
  -DTENGEN_SANITIZE=address,undefined \
  -DTENGEN_LIBFUZZER=ON -DTENGEN_BENCH=OFF -DBUILD_TESTING=OFF >/dev/null
cmake --build "$build" --target "${targets[@]}" -j "${TENGEN_LIBFUZZER_BUILD_JOBS:-$(nproc)}"

declare -A corpus=([sgf_reader_fuzz]=sgf [gtp_engine_fuzz]=gtp_engine [gtp_protocol_fuzz]=gtp_protocol
  [kernel_fuzz]=kernel)
declare -A dict=([sgf_reader_fuzz]=sgf.dict [gtp_engine_fuzz]=gtp.dict [gtp_protocol_fuzz]=gtp.dict
  [kernel_fuzz]="")

jobs_args=()
if [ "$jobs" -gt 1 ]; then jobs_args=(-jobs="$jobs" -workers="$jobs"); fi

status=0
for t in "${targets[@]}"; do
  work="$build/corpus/$t"
  findings="$build/findings/$t"
  # The targets run in a scratch directory: anything an input makes the code
  # write lands there, not in the source tree.
  scratch="$build/scratch/$t"
  mkdir -p "$work" "$findings" "$scratch"
  echo "== $t: ${seconds}s, $jobs job(s)"
  dict_args=()
  if [ -n "${dict[$t]}" ]; then dict_args=(-dict="$root/libfuzzer/${dict[$t]}"); fi
  # ASan's leak checker stays on; UBSan stops at the first report.
  if ! (cd "$scratch" && UBSAN_OPTIONS=halt_on_error=1:print_stacktrace=1 \
    "$build/libfuzzer/$t" "$work" "$root/libfuzzer/corpus/${corpus[$t]}" \
      "${dict_args[@]}" -max_total_time="$seconds" -timeout=10 \
      -rss_limit_mb="$rss" -max_len=65536 "${jobs_args[@]}" -artifact_prefix="$findings/" \
      -print_final_stats=1 >"$build/findings/$t.log" 2>&1); then
    status=1
  fi
  # With -jobs the output goes to fuzz-N.log files in the working directory.
  for log in "$scratch"/fuzz-*.log; do
    if [ -e "$log" ]; then cat "$log" >>"$build/findings/$t.log"; rm -f "$log"; fi
  done
  grep -E "stat::number_of_executed_runs|stat::peak_rss|Done [0-9]+ runs|ERROR|SUMMARY" \
    "$build/findings/$t.log" | head -20 || true
  if ls "$findings"/* >/dev/null 2>&1; then
    echo "   findings: $(ls "$findings" | tr '\n' ' ')"
    status=1
  else
    echo "   no findings"
  fi
done
exit $status

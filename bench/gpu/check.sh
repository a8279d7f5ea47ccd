#!/usr/bin/env bash
# One call on a GPU machine (issue 32): builds Tengen with CUDA, then
#   1. digest equality, GPU against CPU, for every rule family (3 ko x 3
#      suicide rules, plus territory scoring with a handicap) on 9x9, 13x13,
#      19x19 and run-time 7x7 and 25x25, >= 100,000 games each (25x25: 20,000
#      by default, CHECK_BIG_GAMES);
#   2. Dailey's statistics on 100M 9x9 games (Chinese, komi 7.5) on the GPU
#      against the kernel's published 42.15% and 111.040 turns;
#   3. the speed table (3 sizes x simple ko / Tromp-Taylor / situational),
#      `tengen bench --device gpu`, with the same machine's 16-core CPU
#      figures (`selfplay --threads 16`) beside it.
# Each step has a timeout so the whole stays under ten minutes; the results
# go to stdout and $OUT (if set) as check.log. Exit status: 0 when every
# digest matched and the statistics are within their intervals.
#
#   bench/gpu/check.sh            # from the repository root
#   NVCC=/usr/local/cuda/bin/nvcc CHECK_GAMES=100000 DAILEY_GAMES=100000000 bench/gpu/check.sh
set -u
cd "$(dirname "$0")/../.."
OUT=${OUT:-/tmp}
LOG=$OUT/check.log
exec > >(tee "$LOG") 2>&1
NVCC=${NVCC:-$(command -v nvcc || echo /usr/local/cuda/bin/nvcc)}
GAMES=${CHECK_GAMES:-100000}
BIG_GAMES=${CHECK_BIG_GAMES:-20000}
DAILEY=${DAILEY_GAMES:-100000000}
JOBS=$(nproc)
BUILD=${CHECK_BUILD:-build-gpu}
failed=0
start=$(date +%s)
step() { echo; echo "== $* ($(( $(date +%s) - start )) s)"; }

step "build ($NVCC, sm_90)"
nvidia-smi --query-gpu=name,driver_version,memory.total --format=csv,noheader || true
"$NVCC" --version | tail -2
GEN=""; command -v ninja >/dev/null && GEN="-G Ninja"
timeout 330 cmake -S . -B "$BUILD" $GEN -DCMAKE_BUILD_TYPE=Release -DTENGEN_CUDA=ON \
  -DCMAKE_CUDA_COMPILER="$NVCC" -DCMAKE_CUDA_ARCHITECTURES=90 -DTENGEN_BENCH=OFF \
  -DBUILD_TESTING=OFF >/dev/null &&
  timeout 300 cmake --build "$BUILD" -j "$JOBS" --target tengen >/dev/null || {
    echo "BUILD FAILED"; exit 2; }
TENGEN=$BUILD/tools/tengen
"$TENGEN" selfplay --device gpu --games 1000 --no-progress >/dev/null 2>"$OUT/gpu_probe.err" ||
  { echo "no GPU run possible:"; cat "$OUT/gpu_probe.err"; exit 2; }

field() { python3 -c "import json,sys; print(json.load(open(sys.argv[1]))[sys.argv[2]])" "$1" "$2"; }
run_both() {  # board rules games
  local board=$1 rules=$2 games=$3 tag
  tag=$(echo "$board-$rules" | tr ',=' '__')
  timeout 120 "$TENGEN" selfplay --device gpu --board "$board" --rules "$rules" --games "$games" \
    --seed 32 --no-progress --json "$OUT/gpu-$tag.json" >/dev/null || { echo "$board $rules: GPU RUN FAILED"; failed=1; return; }
  timeout 120 "$TENGEN" selfplay --threads "$JOBS" --board "$board" --rules "$rules" --games "$games" \
    --seed 32 --no-progress --json "$OUT/cpu-$tag.json" >/dev/null || { echo "$board $rules: CPU RUN FAILED"; failed=1; return; }
  local g c
  g=$(field "$OUT/gpu-$tag.json" digest); c=$(field "$OUT/cpu-$tag.json" digest)
  if [ "$g" = "$c" ]; then r=same; else r=DIFFERENT; failed=1; fi
  printf '%-6s %-40s %9s games  gpu %s  cpu %s  %s  (gpu %.0f/s, cpu %.0f/s)\n' "$board" "$rules" "$games" \
    "$g" "$c" "$r" "$(field "$OUT/gpu-$tag.json" games_per_second)" "$(field "$OUT/cpu-$tag.json" games_per_second)"
}

step "1. digests, GPU against CPU ($GAMES games a cell)"
for board in 9 13 19 7 25; do
  n=$GAMES; [ "$board" = 25 ] && n=$BIG_GAMES
  for ko in simple positional situational; do
    for suicide in forbidden allowed multi; do
      run_both "$board" "chinese,ko=$ko,suicide=$suicide" "$n"
    done
  done
done
for board in 9 19; do
  run_both "$board" "japanese" "$GAMES"
  run_both "$board" "aga,komi=0.5" "$GAMES"
done
timeout 60 "$TENGEN" selfplay --device gpu --board 9 --rules japanese --handicap 4 --games "$GAMES" --seed 5 \
  --no-progress --json "$OUT/gpu-h.json" >/dev/null
timeout 60 "$TENGEN" selfplay --threads "$JOBS" --board 9 --rules japanese --handicap 4 --games "$GAMES" --seed 5 \
  --no-progress --json "$OUT/cpu-h.json" >/dev/null
[ "$(field "$OUT/gpu-h.json" digest)" = "$(field "$OUT/cpu-h.json" digest)" ] && echo "9x9 japanese handicap 4: same" ||
  { echo "9x9 japanese handicap 4: DIFFERENT"; failed=1; }

step "2. Dailey: $DAILEY 9x9 games, Chinese, komi 7.5, on the GPU"
if timeout 240 "$TENGEN" selfplay --device gpu --board 9 --rules chinese --komi 7.5 --games "$DAILEY" \
    --seed 2026 --no-progress --json "$OUT/dailey.json" >/dev/null; then
  python3 - "$OUT/dailey.json" <<'PY' || failed=1
import json, math, sys
d = json.load(open(sys.argv[1]))
n = d["games"]; p = d["black_wins"] / n
turns = d["turns_mean"] if "turns_mean" in d else d["moves"] / n
print(f"games {n:,}  Black {p:.5f} (kernel 0.4215, Dailey 0.4213)  turns {turns:.3f} (111.040)  "
      f"{d['games_per_second']:,.0f} games/s")
ok = abs(p - 0.4215) <= 1.96 * math.sqrt(0.4215 * 0.5785 * (1 / n + 1 / 1e6)) and abs(turns - 111.04) < 0.1
print("within the kernel's intervals" if ok else "OUTSIDE the kernel's intervals")
sys.exit(0 if ok else 1)
PY
else
  echo "Dailey run failed or ran out of time (a partial run is in $OUT/dailey.json)"; failed=1
fi

step "3. speed: GPU (whole runs) and 16-core CPU (selfplay --threads $JOBS)"
timeout 150 "$TENGEN" bench --device gpu --no-signature --rounds 3 --seconds 1
printf '%-6s %-13s %12s\n' board rules "cpu games/s"
for board in 9 13 19; do
  for family in chinese:simple-ko tromp-taylor:tromp-taylor aga:situational; do
    n=$(( board == 9 ? 2000000 : (board == 13 ? 600000 : 200000) ))
    timeout 30 "$TENGEN" selfplay --threads "$JOBS" --board "$board" --rules "${family%%:*}" --komi 7.5 \
      --games "$n" --no-progress --json "$OUT/cpu-speed.json" >/dev/null
    printf '%-6s %-13s %12.0f\n' "${board}x$board" "${family##*:}" "$(field "$OUT/cpu-speed.json" games_per_second)"
  done
done

step "done: $([ $failed = 0 ] && echo 'every check passed' || echo 'SOME CHECK FAILED')"
exit $failed

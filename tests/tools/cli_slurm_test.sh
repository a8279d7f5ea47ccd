#!/usr/bin/env bash
# The SLURM script's task and merge steps, run here (`local` mode): three
# shards, each with a checkpoint, then the merge, give the one-process JSON
# (but for timings); run again, every shard resumes its finished checkpoint
# and the merge gives the same.
# Usage: selfplay_shard_slurm_test.sh TENGEN SLURM_SCRIPT
set -euo pipefail
tengen=$1
script=$2
dir=$(mktemp -d)
trap 'rm -rf "$dir"' EXIT
args=(--board 5 --rules chinese --games 2000 --seed 11 --threads 1)
strip() { grep -v -E '"(seconds|games_per_second|moves_per_second)"' "$1"; }

"$tengen" selfplay "${args[@]}" --no-progress --json "$dir/whole.json" >/dev/null
for round in 1 2; do
  TENGEN="$tengen" "$script" local 3 "$dir/run" "${args[@]}" >/dev/null
  if ! diff <(strip "$dir/whole.json") <(strip "$dir/run/merged.json"); then
    echo "round $round: the merged shards differ from the one-process run" >&2
    exit 1
  fi
done
[ -e "$dir/run/shard-2.checkpoint.json" ] || { echo "no checkpoint written" >&2; exit 1; }
echo "merged shards equal the one-process run, first run and resumed"

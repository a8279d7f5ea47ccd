#!/usr/bin/env bash
# A sharded `tengen selfplay` run on a SLURM cluster: an array job with one
# task per shard, then a merge job that starts when every shard has finished.
# Each task saves a checkpoint every few minutes and when SLURM sends SIGTERM
# (time limit, preemption), and resumes it when run again (sbatch --requeue).
#
# Usage (from the repository root, with build/tools/tengen built):
#   scripts/slurm_selfplay.sh submit N OUTDIR [selfplay arguments...]
#       e.g. scripts/slurm_selfplay.sh submit 200 runs/19x19 --board 19 --games 1000000000
#   scripts/slurm_selfplay.sh local N OUTDIR [selfplay arguments...]
#       the same run here, shard after shard, then the merge (to try it out)
# The result: OUTDIR/merged.json and OUTDIR/report.txt. Extra sbatch options
# (partition, account, time) go in SBATCH_OPTIONS, e.g. "-p long -t 12:00:00".
set -euo pipefail

mode=${1:?"usage: $0 submit|local|shard|merge N OUTDIR [selfplay arguments...]"}
shards=${2:?"the number of shards N"}
outdir=${3:?"the output directory"}
shift 3
tengen=${TENGEN:-$(cd "$(dirname "$0")/.." && pwd)/build/tools/tengen}
script=$(cd "$(dirname "$0")" && pwd)/$(basename "$0")

run_shard() {  # run_shard K selfplay-arguments...
  local k=$1
  shift
  local checkpoint="$outdir/shard-$k.checkpoint.json"
  local resume=()
  [ -e "$checkpoint" ] && resume=(--resume "$checkpoint")
  "$tengen" selfplay "$@" --shard "$k/$shards" --no-progress --checkpoint "$checkpoint" \
    --checkpoint-every 300 "${resume[@]}" --json "$outdir/shard-$k.json" >"$outdir/shard-$k.txt"
}

merge_shards() {
  local files=()
  for k in $(seq 1 "$shards"); do files+=("$outdir/shard-$k.json"); done
  "$tengen" merge "${files[@]}" --json "$outdir/merged.json" | tee "$outdir/report.txt"
}

case $mode in
  submit)
    mkdir -p "$outdir"
    # shellcheck disable=SC2086
    array=$(sbatch --parsable ${SBATCH_OPTIONS:-} --array="1-$shards" --requeue \
      --job-name=tengen-shard --output="$outdir/slurm-%A_%a.out" \
      --cpus-per-task="${CPUS_PER_TASK:-16}" "$script" shard "$shards" "$outdir" "$@")
    # shellcheck disable=SC2086
    sbatch ${SBATCH_OPTIONS:-} --dependency="afterok:${array%%;*}" --job-name=tengen-merge \
      --output="$outdir/slurm-merge.out" "$script" merge "$shards" "$outdir"
    ;;
  shard) run_shard "${SLURM_ARRAY_TASK_ID:?not in a SLURM array task}" "$@" ;;
  merge) merge_shards ;;
  local)
    mkdir -p "$outdir"
    for k in $(seq 1 "$shards"); do run_shard "$k" "$@"; done
    merge_shards
    ;;
  *)
    echo "$0: unknown mode '$mode' (submit, local, shard or merge)" >&2
    exit 2
    ;;
esac

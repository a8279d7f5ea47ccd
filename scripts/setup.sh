#!/usr/bin/env bash
# Installs what Tengen needs from Debian's packages (only what is missing),
# then configures and builds it in build/ (Release). Safe to run again.
# Usage: scripts/setup.sh [extra cmake arguments...]
set -euo pipefail
cd "$(dirname "$0")/.."

packages=(build-essential cmake ninja-build pkg-config git
  libtbb-dev libbenchmark-dev libxxhash-dev librapidcheck-dev libgtest-dev
  libcli11-dev libfmt-dev nlohmann-json3-dev gnugo
  python3 python3-pil chromium libopenmpi-dev openmpi-bin
  python3-dev pybind11-dev python3-numpy python3-pytest python3-venv python3-hypothesis
  python3-setuptools python3-wheel python3-pip)
missing=()
for p in "${packages[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if [ ${#missing[@]} -gt 0 ]; then
  echo "setup: installing ${missing[*]}"
  sudo_cmd=""
  [ "$(id -u)" -ne 0 ] && sudo_cmd="sudo"
  $sudo_cmd apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo_cmd apt-get install -y -qq --no-install-recommends "${missing[@]}"
fi

build_dir="${TENGEN_BUILD_DIR:-build}"
cmake -S . -B "$build_dir" -G Ninja -DCMAKE_BUILD_TYPE="${TENGEN_BUILD_TYPE:-Release}" "$@" >/dev/null
# TENGEN_TARGETS: build only these targets (space-separated), e.g. for CI's
# ThreadSanitizer pass.
# shellcheck disable=SC2086
cmake --build "$build_dir" -j "$(nproc)" ${TENGEN_TARGETS:+--target $TENGEN_TARGETS}

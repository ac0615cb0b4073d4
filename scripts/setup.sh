#!/usr/bin/env bash
# Installs what the build and the tests need on Debian 12 (as root), then the npm
# packages from package-lock.json. Safe to run again: it only installs what is missing.
set -euo pipefail
cd "$(dirname "$0")/.."

apt_packages=(build-essential cmake ninja-build libeigen3-dev nlohmann-json3-dev googletest
  libgtest-dev libbenchmark-dev zlib1g-dev emscripten chromium fonts-liberation nodejs npm
  binaryen  # wasm-split, which splits the main module (scripts/split_main_module.sh)
  clang-14 libfuzzer-14-dev libtinyxml2-dev libtinyobjloader-dev
  zip unzip  # graders/gradescope packs its autograder; the grader tests unpack it
  libmujoco-dev)  # libmujoco-dev: scripts/mujoco_compare.sh only (benchmark-only)
missing=()
for package in "${apt_packages[@]}"; do
  dpkg-query -W -f='${Status}' "$package" 2>/dev/null | grep -q "install ok installed" || missing+=("$package")
done
# A machine that already has Node.js from elsewhere keeps it.
if command -v node >/dev/null && command -v npm >/dev/null; then
  filtered=()
  for package in "${missing[@]}"; do
    [[ "$package" == nodejs || "$package" == npm ]] || filtered+=("$package")
  done
  missing=("${filtered[@]+"${filtered[@]}"}")
fi
if ((${#missing[@]})); then
  echo "setup: installing ${missing[*]}"
  export DEBIAN_FRONTEND=noninteractive
  apt-get update -qq
  apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
fi

node_major=$(node -p 'process.versions.node.split(".")[0]')
if ((node_major < 20)); then
  echo "setup: Node.js 20 or newer is needed for Vite (found $(node --version))" >&2
  exit 1
fi

if [[ ! -d node_modules ]] || [[ package-lock.json -nt node_modules/.package-lock.json ]]; then
  npm ci --no-audit --no-fund --loglevel=error
fi

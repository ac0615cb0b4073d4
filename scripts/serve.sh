#!/usr/bin/env bash
# Builds the lab and serves it at http://127.0.0.1:5173/ with its default scene.
set -euo pipefail
cd "$(dirname "$0")/.."
bash scripts/setup.sh
bash scripts/build.sh
echo "contactlab: open http://127.0.0.1:5173/ (Ctrl-C stops the server)"
exec npx vite preview --host 127.0.0.1 --port 5173 --strictPort

#!/usr/bin/env bash
# Benchmark-only (not part of the lab or its test command): the lab's pile benchmarks
# beside native MuJoCo (Debian's libmujoco-dev 2.2.2) on equivalent models, CPU time
# per step in the same run, and their ratios. Models: scripts/mujoco_compare/models.py
# (as tests/bench/pile_bench.cpp's: 0.1 m cubes or spheres of 1 kg, mu = 0.8, h = 2.5
# ms; MuJoCo's Newton solver, condim 3, its 4-edge pyramid against the lab's u = 4 and
# its elliptic cone against the lab's). Both settle 0.5 s, then are timed at rest
# (MuJoCo for 2.5 s of steps). Needs a native Release build (build/native/core_bench)
# and libmujoco-dev. Usage: bash scripts/mujoco_compare.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/build/mujoco_compare"
mkdir -p "$out"
cd "$out"  # MuJoCo writes its warnings to MUJOCO_LOG.TXT here
gcc -O2 -o "$out/time_steps" "$root/scripts/mujoco_compare/time_steps.c" -lmujoco

"$root/build/native/core_bench" --benchmark_filter='bench_pyramid|bench_sphere_column' \
  --benchmark_min_time=0.5 --benchmark_format=json > "$out/lab.json" 2> /dev/null

# case name in the lab, MuJoCo model, MuJoCo cone
cases=()
for n in 10 20 40 80; do
  cases+=("bench_pyramid/soft/$n $n pyramidal" "bench_pyramid/convex/$n $n pyramidal"
          "bench_pyramid/soft_elliptic/$n $n elliptic")
done
cases+=("bench_sphere_column/soft sphere_column pyramidal" "bench_sphere_column/convex sphere_column pyramidal"
        "bench_sphere_column/soft_elliptic sphere_column elliptic")

printf '%-36s %12s %14s %10s\n' case "lab us/step" "MuJoCo us/step" ratio
for entry in "${cases[@]}"; do
  read -r name model cone <<< "$entry"
  python3 "$root/scripts/mujoco_compare/models.py" "$model" "$cone" > "$out/model.xml"
  mujoco=$("$out/time_steps" "$out/model.xml" 200 1000 | cut -d' ' -f1)
  python3 - "$out/lab.json" "$name" "$mujoco" <<'PY'
import json, sys
path, name, mujoco = sys.argv[1], sys.argv[2], float(sys.argv[3])
runs = {b["name"]: b for b in json.load(open(path))["benchmarks"]}
run = runs.get(name)
if run is None or run.get("error_occurred"):
    why = run.get("error_message", "missing") if run else "missing"
    print("%-36s %12s %14.1f %10s" % (name, why, mujoco, "-"))
else:
    lab = run["cpu_time"] / 1000.0  # ns -> us
    print("%-36s %12.1f %14.1f %10.2f" % (name, lab, mujoco, lab / mujoco))
PY
done

#!/usr/bin/env bash
# Benchmark-only (not part of the lab or its test command): the lab's pile benchmarks
# beside native MuJoCo (Debian's libmujoco-dev 2.2.2) on equivalent models, CPU time
# per step in the same run, and their ratios. Models: scripts/mujoco_compare/models.py
# (as tests/bench/pile_bench.cpp's: 0.1 m cubes or spheres of 1 kg, mu = 0.8, h = 2.5
# ms; MuJoCo's Newton solver, condim 3, its 4-edge pyramid against the lab's u = 4 and
# its elliptic cone against the lab's). The pyramids and the sphere column settle 0.5 s,
# then are timed at rest (MuJoCo for 2.5 s of steps). The 20-cube pile is timed over
# its first 1.5 s (dropping) and its next 1.5 s (at rest), bin_pile over its first 2 s
# from the drop, every step in both engines (core_bench's bench_versus_mujoco cases, in
# soft, convex, soft elliptic and lcp at u = 4, and soft and convex at u = 8 against the
# same 4-edge pyramid: MuJoCo has none of 8 edges). Needs a native Release build
# (build/native/core_bench) and libmujoco-dev. Usage: bash scripts/mujoco_compare.sh
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
out="$root/build/mujoco_compare"
mkdir -p "$out"
cd "$out"  # MuJoCo writes its warnings to MUJOCO_LOG.TXT here
gcc -O2 -o "$out/time_steps" "$root/scripts/mujoco_compare/time_steps.c" -lmujoco

"$root/build/native/core_bench" --benchmark_filter='bench_pyramid|bench_sphere_column' \
  --benchmark_min_time=0.5 --benchmark_format=json > "$out/lab.json" 2> /dev/null
# One iteration each: a stretch of hundreds of steps, bin_pile's some seconds of CPU.
"$root/build/native/core_bench" --benchmark_filter='bench_versus_mujoco' \
  --benchmark_min_time=0.01 --benchmark_format=json > "$out/lab_stretches.json" 2> /dev/null

# case name in the lab, MuJoCo model, MuJoCo cone, MuJoCo's untimed and timed steps,
# the lab's steps per benchmark iteration
cases=()
for n in 10 20 40 80; do
  cases+=("bench_pyramid/soft/$n $n pyramidal 200 1000 1" "bench_pyramid/convex/$n $n pyramidal 200 1000 1"
          "bench_pyramid/soft_elliptic/$n $n elliptic 200 1000 1")
done
cases+=("bench_sphere_column/soft sphere_column pyramidal 200 1000 1"
        "bench_sphere_column/convex sphere_column pyramidal 200 1000 1"
        "bench_sphere_column/soft_elliptic sphere_column elliptic 200 1000 1")
for stretch in "pile_dropping pile20 0 600" "pile_at_rest pile20 600 600" "bin_pile bin_pile 0 800"; do
  read -r stretch_name model settle steps <<< "$stretch"
  for formulation in soft/u4 soft/u8 convex/u4 convex/u8 lcp/u4; do
    cases+=("bench_versus_mujoco/$stretch_name/$formulation $model pyramidal $settle $steps $steps")
  done
  cases+=("bench_versus_mujoco/$stretch_name/soft_elliptic/u4 $model elliptic $settle $steps $steps")
done

printf '%-48s %12s %14s %10s\n' case "lab us/step" "MuJoCo us/step" ratio
for entry in "${cases[@]}"; do
  read -r name model cone settle timed lab_steps <<< "$entry"
  python3 "$root/scripts/mujoco_compare/models.py" "$model" "$cone" > "$out/model.xml"
  mujoco=$("$out/time_steps" "$out/model.xml" "$settle" "$timed" | cut -d' ' -f1)
  python3 - "$out/lab.json" "$out/lab_stretches.json" "$name" "$mujoco" "$lab_steps" <<'PY'
import json, sys
paths, name, mujoco, lab_steps = sys.argv[1:3], sys.argv[3], float(sys.argv[4]), int(sys.argv[5])
runs = {b["name"]: b for path in paths for b in json.load(open(path))["benchmarks"]}
run = runs.get(name)
if run is None or run.get("error_occurred"):
    why = run.get("error_message", "missing") if run else "missing"
    print("%-48s %12s %14.1f %10s" % (name, why[:12], mujoco, "-"))
else:
    to_us = {"ns": 1e-3, "us": 1.0, "ms": 1e3, "s": 1e6}[run["time_unit"]]
    lab = run["cpu_time"] * to_us / lab_steps
    print("%-48s %12.1f %14.1f %10.2f" % (name, lab, mujoco, lab / mujoco))
PY
done

// Steps per second of the built-in scenes with GraspIt!'s defaults (u = 8,
// h = 2.5 ms), with the LCP size and Lemke pivots per step as counters; and of
// box_stack, gripper_lift and barrett_phone in every formulation (names
// scene@formulation, as the page's benchmark takes them); and with torsional friction.
#include <string>
#include <utility>
#include <vector>

#include <benchmark/benchmark.h>

#include "base/options.h"
#include "scene/scene_loader.h"
#include "step/data.h"
#include "step/step.h"
#include "step/step_workspace.h"

namespace contactlab {
namespace {

using OptionSettings = std::vector<std::pair<std::string, double>>;

void bench_scene(benchmark::State& state, const std::string& name,
                 const OptionSettings& settings = {}) {
  Model model;
  const Status status = load_scene_file(std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json", model);
  if (!status.ok()) {
    state.SkipWithError(status.message().c_str());
    return;
  }
  Options options = model.options;
  options.friction_edges = 8;
  options.time_step = 0.0025;
  for (const auto& [option, value] : settings) {
    const Status set = set_option(options, option, value);
    if (!set.ok()) {
      state.SkipWithError(set.message().c_str());
      return;
    }
  }
  Data data = make_data(model);
  StepWorkspace workspace;
  const long scene_steps = static_cast<long>(model.duration / options.time_step);
  double lcp_size = 0, pivots = 0, warm = 0, iterations = 0;
  long steps = 0;
  for (auto _ : state) {
    // Cycle through the scene's whole duration so every phase is measured.
    if (data.step_count >= scene_steps) {
      state.PauseTiming();
      data = make_data(model);
      state.ResumeTiming();
    }
    step(model, options, data, workspace);
    lcp_size += data.solver.lcp_size;
    pivots += data.solver.pivots;
    warm += data.solver.warm_starts;
    iterations += data.solver.iterations;
    ++steps;
  }
  state.counters["steps_per_s"] = benchmark::Counter(static_cast<double>(steps), benchmark::Counter::kIsRate);
  state.counters["lcp_size"] = lcp_size / steps;
  state.counters["pivots"] = pivots / steps;
  state.counters["warm_starts"] = warm / steps;
  state.counters["iterations"] = iterations / steps;
}

BENCHMARK_CAPTURE(bench_scene, box_rest, std::string("box_rest"));
BENCHMARK_CAPTURE(bench_scene, box_stack, std::string("box_stack"));
BENCHMARK_CAPTURE(bench_scene, brick_slide, std::string("brick_slide"));
BENCHMARK_CAPTURE(bench_scene, stick_slip, std::string("stick_slip"));
// Robots: the whole timeline (approach, grasp, lift, hold) of seed 002's scene and
// of the gripper.
BENCHMARK_CAPTURE(bench_scene, barrett_phone, std::string("barrett_phone"));
BENCHMARK_CAPTURE(bench_scene, gripper_lift, std::string("gripper_lift"));

// Every formulation on the comparison scenes (issue figures: MuJoCo's wasm build
// steps a 5-box stack at 15-20k steps/s and a two-finger grasp at 45-50k).
#define CONTACTLAB_FORMULATION_BENCHMARKS(scene)                                              \
  BENCHMARK_CAPTURE(bench_scene, scene@convex, std::string(#scene),                          \
                    OptionSettings{{"formulation", 1}});                                     \
  BENCHMARK_CAPTURE(bench_scene, scene@soft, std::string(#scene),                            \
                    OptionSettings{{"formulation", 2}});                                     \
  BENCHMARK_CAPTURE(bench_scene, scene@soft+soft_cone=1, std::string(#scene),                \
                    OptionSettings{{"formulation", 2}, {"soft_cone", 1}});                   \
  BENCHMARK_CAPTURE(bench_scene, scene@quasistatic, std::string(#scene),                     \
                    OptionSettings{{"formulation", 3}});                                     \
  BENCHMARK_CAPTURE(bench_scene, scene@compliant, std::string(#scene),                       \
                    OptionSettings{{"formulation", 4}})
CONTACTLAB_FORMULATION_BENCHMARKS(box_stack);
CONTACTLAB_FORMULATION_BENCHMARKS(gripper_lift);
CONTACTLAB_FORMULATION_BENCHMARKS(barrett_phone);

// Torsional friction (docs/torsional_friction.md): the spinning discs, and box_stack with
// mu_t = 5 mm for every pair, whose torsion islands convex and soft solve by Lemke from
// the last basis instead of the active-set guess.
BENCHMARK_CAPTURE(bench_scene, spinning_disc, std::string("spinning_disc"));
BENCHMARK_CAPTURE(bench_scene, spinning_disc@convex, std::string("spinning_disc"),
                  OptionSettings{{"formulation", 1}});
BENCHMARK_CAPTURE(bench_scene, spinning_disc@soft, std::string("spinning_disc"),
                  OptionSettings{{"formulation", 2}});
BENCHMARK_CAPTURE(bench_scene, box_stack+torsional_friction=0.005, std::string("box_stack"),
                  OptionSettings{{"torsional_friction", 0.005}});
BENCHMARK_CAPTURE(bench_scene, box_stack@convex+torsional_friction=0.005, std::string("box_stack"),
                  OptionSettings{{"formulation", 1}, {"torsional_friction", 0.005}});
BENCHMARK_CAPTURE(bench_scene, box_stack@soft+torsional_friction=0.005, std::string("box_stack"),
                  OptionSettings{{"formulation", 2}, {"torsional_friction", 0.005}});

// Maximal coordinates (docs/maximal_coordinates.md): every link a body, the joints'
// rows eliminated densely per articulation (eqs. 20-21), against reduced coordinates
// above: the gripper's 3 links and the Barrett hand's arm and fingers.
BENCHMARK_CAPTURE(bench_scene, gripper_lift+coordinates=maximal, std::string("gripper_lift"),
                  OptionSettings{{"coordinates", 1}});
BENCHMARK_CAPTURE(bench_scene, four_bar, std::string("four_bar"));
BENCHMARK_CAPTURE(bench_scene, four_bar+coordinates=maximal, std::string("four_bar"),
                  OptionSettings{{"coordinates", 1}});
BENCHMARK_CAPTURE(bench_scene, barrett_phone+coordinates=maximal, std::string("barrett_phone"),
                  OptionSettings{{"coordinates", 1}});

}  // namespace
}  // namespace contactlab

// The cost of Simulation::step's undo copy (docs/robustness.md): box_stack and
// barrett_phone run for their whole duration through the bare step() of step/step.h
// and through Simulation::step, which saves the state before every step; and the
// copy alone, of the state halfway through each scene.
#include <cmath>
#include <fstream>
#include <sstream>
#include <string>

#include <benchmark/benchmark.h>

#include "scene/scene_loader.h"
#include "session/simulation.h"
#include "step/data.h"
#include "step/step.h"
#include "step/step_workspace.h"

namespace contactlab {
namespace {

std::string scene_text(const std::string& name) {
  std::ifstream file(std::string(CONTACTLAB_SCENES_DIR) + "/" + name + ".json");
  std::ostringstream text;
  text << file.rdbuf();
  return text.str();
}

long scene_steps(const Model& model) { return std::lround(model.duration / model.options.time_step); }

void bare_step(benchmark::State& state, const std::string& name) {
  Model model;
  const Status status = load_scene(scene_text(name), model);
  if (!status.ok()) {
    state.SkipWithError(status.message().c_str());
    return;
  }
  const long steps = scene_steps(model);
  StepWorkspace workspace;
  for (auto _ : state) {
    Data data = make_data(model);
    for (long s = 0; s < steps; ++s) step(model, model.options, data, workspace);
    benchmark::DoNotOptimize(data.time);
  }
  state.counters["us_per_step"] = benchmark::Counter(
      static_cast<double>(steps) * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void simulation_step(benchmark::State& state, const std::string& name) {
  Simulation simulation;
  const Status status = simulation.load_scene(scene_text(name));
  if (!status.ok()) {
    state.SkipWithError(status.message().c_str());
    return;
  }
  const long steps = scene_steps(simulation.model());
  for (auto _ : state) {
    simulation.reset();
    if (simulation.step(steps) != steps) {
      state.SkipWithError(simulation.step_error().c_str());
      return;
    }
  }
  state.counters["us_per_step"] = benchmark::Counter(
      static_cast<double>(steps) * 1e-6, benchmark::Counter::kIsIterationInvariantRate | benchmark::Counter::kInvert);
}

void state_copy(benchmark::State& state, const std::string& name) {
  Model model;
  const Status status = load_scene(scene_text(name), model);
  if (!status.ok()) {
    state.SkipWithError(status.message().c_str());
    return;
  }
  Data data = make_data(model);
  StepWorkspace workspace;
  for (long s = 0; s < scene_steps(model) / 2; ++s) step(model, model.options, data, workspace);
  Data saved;
  for (auto _ : state) {
    saved = data;
    benchmark::DoNotOptimize(saved.time);
  }
}

BENCHMARK_CAPTURE(bare_step, box_stack, "box_stack")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(simulation_step, box_stack, "box_stack")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(state_copy, box_stack, "box_stack");
BENCHMARK_CAPTURE(bare_step, barrett_phone, "barrett_phone")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(simulation_step, barrett_phone, "barrett_phone")->Unit(benchmark::kMillisecond);
BENCHMARK_CAPTURE(state_copy, barrett_phone, "barrett_phone");

}  // namespace
}  // namespace contactlab

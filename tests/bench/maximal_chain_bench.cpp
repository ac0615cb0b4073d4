// Maximal coordinates on a chain of n links (docs/performance.md, "Maximal
// coordinates"): the joints' and motors' rows eliminated along the tree against the
// dense elimination, for n = 10, 50, 200 (maximal_free_motion alone), and whole steps
// of the chain swinging (lcp, no contact).
#include <cmath>
#include <string>
#include <vector>

#include <benchmark/benchmark.h>

#include "articulation_builder.h"
#include "dynamics/articulation/articulation_motion.h"
#include "dynamics/articulation/maximal_motion.h"
#include "step/data.h"
#include "step/step.h"
#include "step/step_workspace.h"

namespace contactlab {
namespace {

// `links` rods 0.1 m long of 0.2 kg hinged about y, bent (q_i = 0.3 sin i), every
// joint with a PD motor.
Model chain(int links) {
  Model model = empty_model(false);
  std::vector<LinkSpec> specs;
  for (int i = 0; i < links; ++i) {
    specs.push_back(rod_link("rod" + std::to_string(i), i - 1, i == 0 ? Vec3(0, 0, 1) : Vec3(0.1, 0, 0), 0.1, 0.2));
    specs.back().position = 0.3 * std::sin(i + 1.0);
    specs.back().actuator.present = true;
    specs.back().actuator.gains.stiffness = 20;
    specs.back().actuator.gains.damping = 1;
  }
  append_articulation(model, "chain", specs);
  return model;
}

Options maximal_options() {
  Options options;
  options.coordinates = 1;
  options.time_step = 0.0025;
  return options;
}

void bench_maximal_elimination(benchmark::State& state, JointElimination elimination) {
  const int links = static_cast<int>(state.range(0));
  const Model model = chain(links);
  const Options options = maximal_options();
  Data data = make_data(model);
  StepWorkspace workspace;
  for (int s = 0; s < 10; ++s) step(model, options, data, workspace);
  const ArticulationState& articulation = data.articulations[0];
  ArticulationMotionWorkspace ws;
  ArticulationMotion motion;
  for (auto _ : state) {
    const Status status = maximal_free_motion(model.articulations[0], options, articulation, 0.0, ws, motion, elimination);
    if (!status.ok()) {
      state.SkipWithError(status.message().c_str());
      return;
    }
    benchmark::DoNotOptimize(motion.inverse_mass.data());
  }
  state.counters["links"] = links;
}
BENCHMARK_CAPTURE(bench_maximal_elimination, tree, JointElimination::AlongTree)
    ->Arg(10)->Arg(50)->Arg(200)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(bench_maximal_elimination, dense, JointElimination::Dense)
    ->Arg(10)->Arg(50)->Arg(200)->Unit(benchmark::kMicrosecond);

void bench_maximal_chain_step(benchmark::State& state) {
  const Model model = chain(static_cast<int>(state.range(0)));
  const Options options = maximal_options();
  Data data = make_data(model);
  StepWorkspace workspace;
  for (auto _ : state) step(model, options, data, workspace);
}
BENCHMARK(bench_maximal_chain_step)->Arg(10)->Arg(50)->Arg(200)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace contactlab

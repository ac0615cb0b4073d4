// Lemke's method on the contact LCPs of seed 002 eq. (18)-(21): stacks of 0.2 m cubes
// on the ground, at rest, sliding, or at rest as a run leaves them (boxes and contact
// points 1e-9 m off, speeds of 1e-10 m/s: the near-degenerate problems of the box_stack
// scene), cold and warm started.
//
//   boxes  edges u  variables n = 4 boxes (u + 2)
//     1      10       48
//     2      10       96
//     5       8      200
#include <benchmark/benchmark.h>

#include <vector>

#include "lemke_contact_problems.h"
#include "lcp/lemke.h"

namespace contactlab {
namespace {

constexpr double kTimeStep = 0.0025;  // h [s], seed 002's default
constexpr double kGravity = 9.81;     // g [m/s^2]
constexpr double kFriction = 0.5;     // mu

struct StackSize {
  int boxes;
  int edges;
};
constexpr StackSize kSizes[] = {{1, 10}, {2, 10}, {5, 8}};

// A stack with every box moving sideways at its own speed: contacts slide, so most
// friction variables enter the basis.
test_problems::ContactLcp sliding_stack_lcp(int count, int edges) {
  std::vector<test_problems::TestBox> boxes(count);
  std::vector<test_problems::TestContact> contacts;
  for (int b = 0; b < count; ++b) {
    boxes[b].position = Eigen::Vector3d(0.01 * b, 0, 0.1 + 0.2 * b);
    boxes[b].velocity = Eigen::Vector3d(0.3 * (b + 1), 0.1 * b, 0);
    test_problems::add_corner_contacts(boxes, b - 1, b, contacts);
  }
  return test_problems::build_contact_lcp(boxes, contacts, kFriction, edges, kTimeStep, kGravity);
}

enum class Stack { Resting, Sliding, Perturbed };

test_problems::ContactLcp problem(Stack stack, int size_index) {
  const StackSize size = kSizes[size_index];
  switch (stack) {
    case Stack::Sliding:
      return sliding_stack_lcp(size.boxes, size.edges);
    case Stack::Perturbed:
      return test_problems::perturbed_stack_lcp(size.boxes, kFriction, size.edges, kTimeStep,
                                                kGravity, 1e-9, 1e-10, 1);
    case Stack::Resting:
      break;
  }
  return test_problems::resting_stack_lcp(size.boxes, kFriction, size.edges, kTimeStep, kGravity);
}

void run(benchmark::State& state, Stack stack, bool warm) {
  const test_problems::ContactLcp lcp = problem(stack, static_cast<int>(state.range(0)));
  LemkeSolver solver;
  const LemkeSettings settings;
  const LcpSolution first = solver.solve(lcp.M, lcp.q, settings);
  if (first.status != LcpStatus::Solved) {
    state.SkipWithError(first.message.c_str());
    return;
  }
  const std::vector<char>* basis = warm ? &first.z_is_basic : nullptr;
  int pivots = 0;
  bool warm_used = false;
  for (auto _ : state) {
    const LcpSolution solution = solver.solve(lcp.M, lcp.q, settings, basis);
    pivots = solution.pivots;
    warm_used = solution.warm_start_used;
    benchmark::DoNotOptimize(solution.z.data());
  }
  state.counters["n"] = static_cast<double>(lcp.q.size());
  state.counters["pivots"] = pivots;
  state.counters["warm_used"] = warm_used ? 1 : 0;
  state.counters["regularised"] = first.message.empty() ? 0 : 1;
  int basic = 0;
  for (char flag : first.z_is_basic) basic += flag;
  state.counters["basic_z"] = basic;
}

void BM_LemkeRestingStackCold(benchmark::State& state) { run(state, Stack::Resting, false); }
void BM_LemkeRestingStackWarm(benchmark::State& state) { run(state, Stack::Resting, true); }
void BM_LemkeSlidingStackCold(benchmark::State& state) { run(state, Stack::Sliding, false); }
void BM_LemkeSlidingStackWarm(benchmark::State& state) { run(state, Stack::Sliding, true); }
void BM_LemkePerturbedStackCold(benchmark::State& state) { run(state, Stack::Perturbed, false); }
void BM_LemkePerturbedStackWarm(benchmark::State& state) { run(state, Stack::Perturbed, true); }

BENCHMARK(BM_LemkeRestingStackCold)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LemkeRestingStackWarm)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LemkeSlidingStackCold)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LemkeSlidingStackWarm)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LemkePerturbedStackCold)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);
BENCHMARK(BM_LemkePerturbedStackWarm)->DenseRange(0, 2)->Unit(benchmark::kMicrosecond);

}  // namespace
}  // namespace contactlab

// Cost of one collide() call for the common resting configurations, with the number of
// contact points as a counter. The output vector is reused (reserved) as the narrow
// phase is in a step.
#include <cmath>
#include <memory>
#include <vector>

#include <benchmark/benchmark.h>

#include "collision/collide.h"
#include "geometry/convex_hull.h"
#include "test_shapes.h"

namespace contactlab {
namespace {

// A prism over a regular 12-gon: 24 vertices, 14 faces (12 sides and 2 caps), 36 edges.
Shape make_prism_hull() {
  std::vector<Vec3> points;
  for (int k = 0; k < 12; ++k) {
    const double angle = k * 3.14159265358979323846 / 6;
    for (const double z : {-0.05, 0.05}) points.emplace_back(0.06 * std::cos(angle), 0.06 * std::sin(angle), z);
  }
  auto hull = std::make_shared<ConvexHullData>();
  build_convex_hull(points, *hull);
  Shape shape;
  shape.type = ShapeType::ConvexHull;
  shape.hull = hull;
  return shape;
}

void run(benchmark::State& state, const Shape& a, const Pose& pa, const Shape& b, const Pose& pb) {
  std::vector<ContactPoint> out;
  out.reserve(64);
  for (auto _ : state) {
    out.clear();
    collide(a, pa, b, pb, 0.002, out);
    benchmark::DoNotOptimize(out.data());
  }
  state.counters["points"] = static_cast<double>(out.size());
}

void BoxOnPlane(benchmark::State& state) {
  run(state, plane(), pose(Vec3::Zero()), box(Vec3(0.1, 0.2, 0.3)), pose(Vec3(0, 0, 0.2999), rotation(Vec3::UnitZ(), 0.3)));
}
void BoxOnBoxFace(benchmark::State& state) {
  run(state, box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), box(Vec3(0.1, 0.2, 0.3)),
      pose(Vec3(0.1, 0, 0.2999), rotation(Vec3(0.01, 0.02, 1), 0.3)));
}
void HullOnHull(benchmark::State& state) {
  const Shape prism = make_prism_hull();
  run(state, prism, pose(Vec3::Zero()), prism, pose(Vec3(0.03, 0.01, 0.0999), rotation(Vec3(0.01, 0, 1), 0.2)));
}
void CylinderOnPlane(benchmark::State& state) {
  run(state, plane(), pose(Vec3::Zero()), cylinder(0.05, 0.1), pose(Vec3(0, 0, 0.0999), rotation(Vec3(1, 0, 0), 0.001)));
}
void CylinderOnBox(benchmark::State& state) {
  run(state, box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), cylinder(0.05, 0.1),
      pose(Vec3(0.1, 0, 0.0999), rotation(Vec3(1, 0, 0), 0.001)));
}
void CylinderRimOnBoxEdge(benchmark::State& state) {
  const double alpha = 3.14159265358979323846 / 6;
  const Vec3 u(std::sin(alpha), 0, std::cos(alpha)), side(-std::cos(alpha), 0, std::sin(alpha));
  run(state, box(Vec3(0.5, 0.5, 0.5)), pose(Vec3(-0.5, 0, -0.5)), cylinder(0.05, 0.1),
      pose(-0.0005 * Vec3(1, 0, 1).normalized() - 0.05 * side + 0.1 * u, rotation(Vec3::UnitY(), alpha)));
}
void CapsuleOnBox(benchmark::State& state) {
  run(state, box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), capsule(0.02, 0.1),
      pose(Vec3(0, 0, 0.0199), rotation(Vec3::UnitY(), 1.5707963267948966)));
}

BENCHMARK(BoxOnPlane);
BENCHMARK(BoxOnBoxFace);
BENCHMARK(HullOnHull);
BENCHMARK(CylinderOnPlane);
BENCHMARK(CylinderOnBox);
BENCHMARK(CylinderRimOnBoxEdge);
BENCHMARK(CapsuleOnBox);

}  // namespace
}  // namespace contactlab

BENCHMARK_MAIN();

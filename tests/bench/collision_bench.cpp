// Cost of one collide() call for the common resting configurations, with the number of
// contact points as a counter. The output vector is reused (reserved) as the narrow
// phase is in a step.
#include <cmath>
#include <memory>
#include <vector>

#include <benchmark/benchmark.h>

#include "collision/collide.h"
#include "convex_hull.h"

namespace contactlab {
namespace {

Shape make_plane() {
  Shape shape;
  shape.type = ShapeType::Plane;
  return shape;
}
Shape make_box(const Vec3& half) {
  Shape shape;
  shape.type = ShapeType::Box;
  shape.half_extents = half;
  return shape;
}
Shape make_cylinder(double radius, double half_length) {
  Shape shape;
  shape.type = ShapeType::Cylinder;
  shape.radius = radius;
  shape.half_length = half_length;
  return shape;
}
Shape make_capsule(double radius, double half_length) {
  Shape shape;
  shape.type = ShapeType::Capsule;
  shape.radius = radius;
  shape.half_length = half_length;
  return shape;
}
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
Pose pose(const Vec3& position, const Mat3& rotation = Mat3::Identity()) { return Pose{position, rotation}; }
Mat3 turn(const Vec3& axis, double angle) { return Eigen::AngleAxisd(angle, axis.normalized()).toRotationMatrix(); }

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
  run(state, make_plane(), pose(Vec3::Zero()), make_box(Vec3(0.1, 0.2, 0.3)), pose(Vec3(0, 0, 0.2999), turn(Vec3::UnitZ(), 0.3)));
}
void BoxOnBoxFace(benchmark::State& state) {
  run(state, make_box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), make_box(Vec3(0.1, 0.2, 0.3)),
      pose(Vec3(0.1, 0, 0.2999), turn(Vec3(0.01, 0.02, 1), 0.3)));
}
void HullOnHull(benchmark::State& state) {
  const Shape prism = make_prism_hull();
  run(state, prism, pose(Vec3::Zero()), prism, pose(Vec3(0.03, 0.01, 0.0999), turn(Vec3(0.01, 0, 1), 0.2)));
}
void CylinderOnPlane(benchmark::State& state) {
  run(state, make_plane(), pose(Vec3::Zero()), make_cylinder(0.05, 0.1), pose(Vec3(0, 0, 0.0999), turn(Vec3(1, 0, 0), 0.001)));
}
void CylinderOnBox(benchmark::State& state) {
  run(state, make_box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), make_cylinder(0.05, 0.1),
      pose(Vec3(0.1, 0, 0.0999), turn(Vec3(1, 0, 0), 0.001)));
}
void CylinderRimOnBoxEdge(benchmark::State& state) {
  const double alpha = 3.14159265358979323846 / 6;
  const Vec3 u(std::sin(alpha), 0, std::cos(alpha)), side(-std::cos(alpha), 0, std::sin(alpha));
  run(state, make_box(Vec3(0.5, 0.5, 0.5)), pose(Vec3(-0.5, 0, -0.5)), make_cylinder(0.05, 0.1),
      pose(-0.0005 * Vec3(1, 0, 1).normalized() - 0.05 * side + 0.1 * u, turn(Vec3::UnitY(), alpha)));
}
void CapsuleOnBox(benchmark::State& state) {
  run(state, make_box(Vec3(1, 1, 0.5)), pose(Vec3(0, 0, -0.5)), make_capsule(0.02, 0.1),
      pose(Vec3(0, 0, 0.0199), turn(Vec3::UnitY(), 1.5707963267948966)));
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

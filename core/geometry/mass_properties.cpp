#include "geometry/mass_properties.h"

namespace contactlab {
namespace {

constexpr double kPi = 3.14159265358979323846;

// |d|^2 1 - d d^T: the parallel-axis term per unit mass for an offset d.
Mat3 parallel_axis_term(const Vec3& d) { return d.dot(d) * Mat3::Identity() - d * d.transpose(); }

// Inertia from the second moment C = integral of x x^T dV: I = tr(C) 1 - C.
Mat3 inertia_from_second_moment(const Mat3& second_moment) {
  return second_moment.trace() * Mat3::Identity() - second_moment;
}

MassProperties axially_symmetric(double volume, double transverse, double axial) {
  MassProperties properties;
  properties.volume = volume;
  properties.inertia.diagonal() = Vec3(transverse, transverse, axial);
  return properties;
}

}  // namespace

// V = 4/3 pi r^3, I = 2/5 V r^2.
bool has_rigid_body_moments(const Mat3& inertia, double tolerance) {
  const double scale = inertia.cwiseAbs().maxCoeff();
  const double slack = tolerance * scale;
  // Its eigenvalues s_k give I's principal moments as s_j + s_k.
  const Mat3 second_moment = 0.5 * inertia.trace() * Mat3::Identity() - inertia;
  for (int i = 0; i < 3; ++i) {
    if (second_moment(i, i) < -slack) return false;
  }
  for (int i = 0; i < 3; ++i) {
    for (int j = i + 1; j < 3; ++j) {
      const double minor = second_moment(i, i) * second_moment(j, j) - second_moment(i, j) * second_moment(j, i);
      if (minor < -slack * scale) return false;
    }
  }
  return second_moment.determinant() >= -slack * scale * scale;
}

MassProperties sphere_mass_properties(double radius) {
  const double r2 = radius * radius;
  const double volume = 4.0 / 3.0 * kPi * r2 * radius;
  const double moment = 0.4 * volume * r2;
  return axially_symmetric(volume, moment, moment);
}

// Side lengths 2a, 2b, 2c: V = 8abc, I_xx = V (b^2 + c^2) / 3, and so on.
MassProperties box_mass_properties(const Vec3& half_extents) {
  const Vec3 squared = half_extents.cwiseProduct(half_extents);
  MassProperties properties;
  properties.volume = 8.0 * half_extents.x() * half_extents.y() * half_extents.z();
  properties.inertia.diagonal() =
      Vec3(squared.y() + squared.z(), squared.x() + squared.z(), squared.x() + squared.y()) *
      (properties.volume / 3.0);
  return properties;
}

// Length L = 2h: V = pi r^2 L, I_xx = I_yy = V (3 r^2 + L^2) / 12 = V (r^2/4 + h^2/3),
// I_zz = V r^2 / 2.
MassProperties cylinder_mass_properties(double radius, double half_length) {
  const double r2 = radius * radius;
  const double h2 = half_length * half_length;
  const double volume = 2.0 * kPi * r2 * half_length;
  return axially_symmetric(volume, volume * (r2 / 4.0 + h2 / 3.0), volume * r2 / 2.0);
}

// The cylinder plus two hemispheres of total volume V_s = 4/3 pi r^3. A hemisphere of
// volume V_s/2 has its centroid 3r/8 beyond its flat face, at distance d = h + 3r/8 from
// the capsule's centre, and about that centroid a transverse moment
// V_s/2 (2/5 - 9/64) r^2. By the parallel-axis theorem, the pair contributes
// V_s (2/5 r^2 - 9/64 r^2 + d^2) = V_s (2/5 r^2 + h^2 + 3/4 h r) transversally and
// 2/5 V_s r^2 about the axis.
MassProperties capsule_mass_properties(double radius, double half_length) {
  const MassProperties cylinder = cylinder_mass_properties(radius, half_length);
  const double r2 = radius * radius;
  const double h = half_length;
  const double spheres_volume = 4.0 / 3.0 * kPi * r2 * radius;
  const double spheres_transverse = spheres_volume * (0.4 * r2 + h * h + 0.75 * h * radius);
  const double spheres_axial = 0.4 * spheres_volume * r2;
  return axially_symmetric(cylinder.volume + spheres_volume,
                           cylinder.inertia(0, 0) + spheres_transverse,
                           cylinder.inertia(2, 2) + spheres_axial);
}

// Each face (v0, v1, ..., vk) is cut into triangles (v0, vi, vi+1), and each triangle
// spans a tetrahedron with a reference point o (the vertex mean). With a, b, c the
// triangle's corners relative to o, the tetrahedron has the signed volume
// V = a . (b x c) / 6 (positive for counter-clockwise faces), centroid o + (a + b + c)/4
// and second moment about o
//   C = V/20 (a a^T + b b^T + c c^T + s s^T),  s = a + b + c.
// Summing over all triangles integrates over the solid exactly (divergence theorem).
MassProperties convex_hull_mass_properties(const ConvexHullData& hull) {
  MassProperties properties;
  if (hull.vertices.empty()) return properties;
  Vec3 reference = Vec3::Zero();
  for (const Vec3& vertex : hull.vertices) reference += vertex;
  reference /= static_cast<double>(hull.vertices.size());

  double volume = 0;
  Vec3 first_moment = Vec3::Zero();   // integral of (x - o) dV
  Mat3 second_moment = Mat3::Zero();  // integral of (x - o)(x - o)^T dV
  for (const std::vector<int>& face : hull.faces) {
    if (face.size() < 3) continue;
    const Vec3 a = hull.vertices[face[0]] - reference;
    for (std::size_t i = 1; i + 1 < face.size(); ++i) {
      const Vec3 b = hull.vertices[face[i]] - reference;
      const Vec3 c = hull.vertices[face[i + 1]] - reference;
      const double tetrahedron_volume = a.dot(b.cross(c)) / 6.0;
      const Vec3 s = a + b + c;
      volume += tetrahedron_volume;
      first_moment += tetrahedron_volume / 4.0 * s;
      second_moment +=
          tetrahedron_volume / 20.0 *
          (a * a.transpose() + b * b.transpose() + c * c.transpose() + s * s.transpose());
    }
  }
  if (!(volume > 0)) return properties;
  const Vec3 offset = first_moment / volume;  // centroid - o
  properties.volume = volume;
  properties.centroid = reference + offset;
  // C about the centroid = C about o - V d d^T.
  properties.inertia =
      inertia_from_second_moment(second_moment - volume * offset * offset.transpose());
  return properties;
}

MassProperties shape_mass_properties(const Shape& shape) {
  switch (shape.type) {
    case ShapeType::Sphere:
      return sphere_mass_properties(shape.radius);
    case ShapeType::Box:
      return box_mass_properties(shape.half_extents);
    case ShapeType::Capsule:
      return capsule_mass_properties(shape.radius, shape.half_length);
    case ShapeType::Cylinder:
      return cylinder_mass_properties(shape.radius, shape.half_length);
    case ShapeType::ConvexHull:
      return shape.hull ? convex_hull_mass_properties(*shape.hull) : MassProperties();
    case ShapeType::Plane:
      break;
  }
  return MassProperties();
}

MassProperties transform_mass_properties(const MassProperties& part, const Pose& pose) {
  MassProperties moved;
  moved.volume = part.volume;
  moved.centroid = pose.to_world(part.centroid);
  moved.inertia = pose.rotation * part.inertia * pose.rotation.transpose();
  return moved;
}

MassProperties combine_mass_properties(const std::vector<MassProperties>& parts) {
  MassProperties total;
  Vec3 first_moment = Vec3::Zero();
  for (const MassProperties& part : parts) {
    total.volume += part.volume;
    first_moment += part.volume * part.centroid;
  }
  if (!(total.volume > 0)) return MassProperties();
  total.centroid = first_moment / total.volume;
  for (const MassProperties& part : parts) {
    total.inertia +=
        part.inertia + part.volume * parallel_axis_term(part.centroid - total.centroid);
  }
  return total;
}

BodyMassProperties body_mass_properties(const std::vector<PlacedShape>& shapes, double mass) {
  std::vector<MassProperties> parts;
  parts.reserve(shapes.size());
  for (const PlacedShape& placed : shapes) {
    parts.push_back(transform_mass_properties(shape_mass_properties(placed.shape), placed.pose));
  }
  const MassProperties solid = combine_mass_properties(parts);
  BodyMassProperties body;
  if (!(solid.volume > 0)) return body;
  const double density = mass / solid.volume;
  body.mass = mass;
  body.center_of_mass = solid.centroid;
  // R I R^T may leave the two halves apart in the last bit: make the result symmetric.
  body.inertia = density * 0.5 * (solid.inertia + solid.inertia.transpose());
  return body;
}

}  // namespace contactlab

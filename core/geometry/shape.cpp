#include "geometry/shape.h"

namespace contactlab {

const char* shape_type_name(ShapeType type) {
  switch (type) {
    case ShapeType::Plane:
      return "plane";
    case ShapeType::Sphere:
      return "sphere";
    case ShapeType::Box:
      return "box";
    case ShapeType::Capsule:
      return "capsule";
    case ShapeType::Cylinder:
      return "cylinder";
    case ShapeType::ConvexHull:
      return "convex_hull";
  }
  return "unknown";
}

}  // namespace contactlab

#include "geometry/shape.h"

#include <gtest/gtest.h>

#include <string>

namespace contactlab {
namespace {

// The names are the scene format's shape type strings (scene_loader.cpp).
TEST(ShapeTypeName, NamesEveryType) {
  EXPECT_EQ(std::string(shape_type_name(ShapeType::Plane)), "plane");
  EXPECT_EQ(std::string(shape_type_name(ShapeType::Sphere)), "sphere");
  EXPECT_EQ(std::string(shape_type_name(ShapeType::Box)), "box");
  EXPECT_EQ(std::string(shape_type_name(ShapeType::Capsule)), "capsule");
  EXPECT_EQ(std::string(shape_type_name(ShapeType::Cylinder)), "cylinder");
  EXPECT_EQ(std::string(shape_type_name(ShapeType::ConvexHull)), "convex_hull");
}

}  // namespace
}  // namespace contactlab

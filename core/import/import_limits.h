// Caps on what an import reads, so that a huge or hostile file ends with an error
// instead of exhausting memory or time (docs/urdf.md lists them).
#pragma once

#include <cstddef>

namespace contactlab {

inline constexpr std::size_t kMaxUrdfBytes = 4u << 20;         // a URDF document
inline constexpr std::size_t kMaxUrdfLinks = 256;              // links in the document
inline constexpr std::size_t kMaxMeshFileBytes = 64u << 20;    // one mesh file
inline constexpr std::size_t kMaxMeshBytesInAll = 256u << 20;  // all collision meshes of a robot
inline constexpr std::size_t kMaxMeshVertices = 1u << 20;      // one mesh file
inline constexpr std::size_t kMaxMeshTriangles = 2u << 20;     // one mesh file
inline constexpr std::size_t kMaxMaterialFileBytes = 4u << 20;  // one OBJ material library (.mtl)
// Triangles of all visual meshes a robot sends to the page (about 19 MB as float
// vertices and 32-bit indices at the validation robots' 18 bytes per triangle); past
// it the page draws the collision geometry.
inline constexpr std::size_t kMaxVisualTriangles = 1u << 20;
// Every number a URDF or mesh file gives, in its own unit, is at most this in magnitude.
inline constexpr double kMaxImportedNumber = 1e6;
// A hull with more vertices is simplified to this many (the scene's own limit).
inline constexpr std::size_t kMaxHullVertices = 256;

}  // namespace contactlab

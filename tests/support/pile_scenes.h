// Piles of 0.1 m cubes of 1 kg on the ground, mu = 0.8, u = 4, h = 2.5 ms, as scene
// text in a given formulation: the models of tests/bench/pile_bench.cpp and of the
// scale issue's comparison with MuJoCo.
#pragma once

#include <cmath>
#include <string>

namespace contactlab {

inline std::string pile_scene_text(const std::string& name, const std::string& formulation,
                                   const std::string& bodies) {
  return "{\"name\": \"" + name + "\", \"description\": \"a pile\", \"duration\": 3,"
         " \"options\": {\"time_step\": 0.0025, \"friction_edges\": 4, \"formulation\": \"" + formulation + "\","
         " \"contact_threshold\": 0.0001, \"gravity\": [0, 0, -9.81]},"
         " \"friction\": {\"default\": {\"static\": 0.8, \"kinetic\": 0.8}},"
         " \"bodies\": [{\"name\": \"ground\", \"static\": true, \"geoms\": [{\"type\": \"plane\"}]}" +
         bodies + "]}";
}

// A cube body named `name` at (x, y, z), turned by `angle` about z.
inline std::string pile_cube(const std::string& name, double x, double y, double z, double angle) {
  return ", {\"name\": \"" + name + "\", \"mass\": 1, \"position\": [" + std::to_string(x) + ", " +
         std::to_string(y) + ", " + std::to_string(z) + "], \"orientation\": [" +
         std::to_string(std::cos(angle / 2)) + ", 0, 0, " + std::to_string(std::sin(angle / 2)) +
         "], \"geoms\": [{\"type\": \"box\", \"half_extents\": [0.05, 0.05, 0.05]}]}";
}

// `count` cubes turned about z, in a staggered column 0.12 m apart from 0.1 m up: they
// fall into a pile (the 20-cube pile of the benchmarks).
inline std::string falling_pile_scene(int count, const std::string& formulation) {
  std::string bodies;
  for (int i = 0; i < count; ++i) {
    bodies += pile_cube("c" + std::to_string(i), 0.03 * ((i * 7) % 5 - 2), 0.03 * ((i * 3) % 5 - 2),
                        0.1 + 0.12 * i, 0.37 * i);
  }
  return pile_scene_text("pile", formulation, bodies);
}

// A brick pyramid of rows of base, base - 1, ..., 1 cubes touching side by side, each
// row on the gaps of the one below.
inline std::string brick_pyramid_scene(int base, const std::string& formulation) {
  std::string bodies;
  for (int row = 0; row < base; ++row) {
    for (int i = 0; i < base - row; ++i) {
      bodies += pile_cube("c" + std::to_string(row) + "_" + std::to_string(i), 0.1 * i + 0.05 * row, 0,
                          0.05 + 0.1 * row, 0);
    }
  }
  return pile_scene_text("pyramid", formulation, bodies);
}

// `count` cubes in a brick pyramid: rows of b, b - 1, ... cubes (b the least with
// b (b + 1) / 2 >= count, the top row partial), each row on the gaps of the one below,
// every touching pair `gap` apart [m] (0: touching, the benchmarks' pyramids; half the
// contact threshold: the lab's resting distance, where a normal row's target is zero).
inline std::string counted_brick_pyramid_scene(int count, double gap, const std::string& formulation) {
  int base = 1;
  while (base * (base + 1) / 2 < count) ++base;
  const double pitch = 0.1 + gap;
  std::string bodies;
  int placed = 0;
  for (int row = 0; placed < count; ++row) {
    for (int i = 0; i < base - row && placed < count; ++i, ++placed) {
      bodies += pile_cube("c" + std::to_string(placed), pitch * i + 0.5 * pitch * row, 0, 0.05 + gap + pitch * row, 0);
    }
  }
  return pile_scene_text("pile", formulation, bodies);
}

}  // namespace contactlab

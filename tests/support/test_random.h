// Reproducible random test data: a fixed-seed mt19937_64 (whose output the standard
// fixes) with our own mapping to doubles, so the data are the same with every
// standard library (std::uniform_real_distribution is not).
#pragma once

#include <cstdint>
#include <cstdlib>
#include <random>

#include <Eigen/Core>

namespace contactlab {

// A double uniform in [low, high) from the engine's top 53 bits.
inline double uniform(std::mt19937_64& engine, double low, double high) {
  return low + (high - low) * static_cast<double>(engine() >> 11) * 0x1.0p-53;
}

class TestRandom {
 public:
  explicit TestRandom(std::uint64_t seed) : engine_(seed) {}
  double uniform(double low, double high) { return contactlab::uniform(engine_, low, high); }
  int integer(int low, int high) {
    return low + static_cast<int>(engine_() % static_cast<std::uint64_t>(high - low + 1));
  }
  // 10^k for a whole k drawn from [-decades, decades], by repeated multiplication.
  double magnitude(int decades) {
    const int steps = static_cast<int>(uniform(-decades, decades + 1));
    double value = 1;
    for (int i = 0; i < std::abs(steps); ++i) value = steps > 0 ? value * 10 : value / 10;
    return value;
  }

 private:
  std::mt19937_64 engine_;
};

// Entries uniform in [-1, 1], column by column.
inline Eigen::MatrixXd random_matrix(TestRandom& random, int rows, int cols) {
  Eigen::MatrixXd M(rows, cols);
  for (int j = 0; j < cols; ++j) {
    for (int i = 0; i < rows; ++i) M(i, j) = random.uniform(-1, 1);
  }
  return M;
}

inline Eigen::VectorXd random_vector(TestRandom& random, int size) {
  Eigen::VectorXd v(size);
  for (int i = 0; i < size; ++i) v[i] = random.uniform(-1, 1);
  return v;
}

}  // namespace contactlab

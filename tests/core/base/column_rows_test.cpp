// The column kernels of base/column_rows.h (which formulation/block_cholesky.cpp and
// velocity_hessian.cpp are built of), in the copy for the CPU the test runs on (AVX or
// the baseline), equal scalar loops bit for bit, from every first row.
#include "base/column_rows.h"

#include <cstring>
#include <utility>

#include <gtest/gtest.h>

#include "base/vector_clones.h"
#include "test_random.h"

namespace contactlab {
namespace {

// Inputs of one run: a 6x6 block `a` (column-major), a column `s`, factors f and a
// divisor d.
struct ColumnInputs {
  double a[36];
  double s[6];
  double f[6];
  double d;
};
// Outputs per first row (0 to 6): the column after each of the kernels below.
struct ColumnOutputs {
  double subtracted[7][6];
  double divided[7][6];
  double combined[7][6];
};

// s_r -= sum_k a_rk f_k (k ascending); then / d; then a_r0 f_0 + (a_r1 f_1 + a_r2 f_2)
// + s_r: on the rows from `first` on, the rows above left as they were.
template <int first>
CONTACTLAB_INLINE_IN_CLONES void column_kernels(const ColumnInputs& in, ColumnOutputs& out) {
  using Rows = ColumnRows<first>;
  std::memcpy(out.subtracted[first], in.s, sizeof in.s);
  Rows x = Rows::load(in.s);
  for (int k = 0; k < 6; ++k) x.subtract(in.a + 6 * k, in.f[k]);
  x.store(out.subtracted[first]);
  std::memcpy(out.divided[first], in.s, sizeof in.s);
  (x / in.d).store(out.divided[first]);
  std::memcpy(out.combined[first], in.s, sizeof in.s);
  (Rows::load(in.a) * in.f[0] + (Rows::load(in.a + 6) * in.f[1] + Rows::load(in.a + 12) * in.f[2]) +
   Rows::load(in.s))
      .store(out.combined[first]);
}
// Compiled, as the solvers' kernels are, for AVX and the baseline: the test runs the
// copy the CPU picks, as the solvers do.
template <int... first>
CONTACTLAB_INLINE_IN_CLONES void all_column_kernels(std::integer_sequence<int, first...>, const ColumnInputs& in,
                                                    ColumnOutputs& out) {
  (column_kernels<first>(in, out), ...);
}
CONTACTLAB_VECTOR_CLONES
void run_column_kernels(const ColumnInputs& in, ColumnOutputs& out) {
  all_column_kernels(std::integer_sequence<int, 0, 1, 2, 3, 4, 5, 6>(), in, out);
}

// The same, a scalar loop per row.
void scalar_column_kernels(const ColumnInputs& in, ColumnOutputs& out) {
  for (int first = 0; first <= 6; ++first) {
    for (int r = 0; r < 6; ++r) {
      out.subtracted[first][r] = out.divided[first][r] = out.combined[first][r] = in.s[r];
    }
    for (int r = first; r < 6; ++r) {
      double x = in.s[r];
      for (int k = 0; k < 6; ++k) x -= in.a[6 * k + r] * in.f[k];
      out.subtracted[first][r] = x;
      out.divided[first][r] = x / in.d;
      out.combined[first][r] = in.a[r] * in.f[0] + (in.a[6 + r] * in.f[1] + in.a[12 + r] * in.f[2]) + in.s[r];
    }
  }
}

// On random inputs of mixed magnitudes (so that another order of a sum or another
// row's entry would round otherwise), every row from every first row is the scalar
// loop's bit for bit, and the rows above it are untouched.
TEST(ColumnRows, EveryRowIsTheScalarLoopsBitForBit) {
  TestRandom random(31);
  for (int run = 0; run < 200; ++run) {
    ColumnInputs in;
    for (double& x : in.a) x = random.uniform(-1, 1) * random.magnitude(3);
    for (double& x : in.s) x = random.uniform(-1, 1) * random.magnitude(3);
    for (double& x : in.f) x = random.uniform(-1, 1) * random.magnitude(3);
    in.d = random.uniform(0.5, 2) * random.magnitude(2);
    ColumnOutputs by_rows, by_scalars;
    run_column_kernels(in, by_rows);
    scalar_column_kernels(in, by_scalars);
    ASSERT_EQ(std::memcmp(&by_rows, &by_scalars, sizeof by_rows), 0) << run;
  }
}

}  // namespace
}  // namespace contactlab

// The block-sparse L L^T over 6x6 blocks (formulation/block_cholesky.h) on random
// symmetric positive-definite matrices with the velocity Hessian's shape (a block per
// body, one per pair of bodies joined, each pair's part positive semidefinite): its
// solution against Eigen's dense LLT and sparse SimplicialLDLT to 1e-10 of the
// solution's size; a refactorisation of the changed columns alone equals a whole one
// bit for bit, and so does it against a dense scalar Cholesky that sums in the order
// the header states; a matrix that is not positive definite is refused.
#include "formulation/block_cholesky.h"

#include <algorithm>
#include <cmath>
#include <cstdint>
#include <utility>
#include <vector>

#include <Eigen/Cholesky>
#include <Eigen/SparseCholesky>
#include <gtest/gtest.h>

#include "test_random.h"

namespace contactlab {
namespace {

using Block = BlockCholesky::Block;

// A random block-sparse matrix: per block a positive-definite diagonal, per pair (a,
// b) a coupling G^T G over the two blocks' 12 coordinates (G 3 x 12, a contact's
// J^T D J), spread over magnitudes 10^-2 .. 10^2 as stiff and soft contacts are.
struct BlockMatrix {
  std::vector<std::pair<int, int>> pairs;  // first > second, each once
  std::vector<Block> diagonal;
  std::vector<Block> pair_blocks;          // rows of first, columns of second
  // The blocks changed since the last factor() (all before the first).
  std::vector<char> diagonal_changed;
  std::vector<char> pair_changed;

  BlockMatrix(std::uint64_t seed, int blocks, int links) {
    TestRandom random(seed);
    diagonal.resize(blocks);
    for (Block& block : diagonal) {
      const Block root = random_matrix(random, 6, 6);
      block = root * root.transpose() + Block::Identity();
    }
    for (int l = 0; l < links; ++l) {
      const int a = random.integer(0, blocks - 1), b = random.integer(0, blocks - 1);
      if (a == b) continue;
      const std::pair<int, int> pair(std::max(a, b), std::min(a, b));
      int index = static_cast<int>(std::find(pairs.begin(), pairs.end(), pair) - pairs.begin());
      if (index == static_cast<int>(pairs.size())) {
        pairs.push_back(pair);
        pair_blocks.push_back(Block::Zero());
      }
      const Eigen::MatrixXd g = random.magnitude(2) * random_matrix(random, 3, 12);
      const Eigen::MatrixXd coupling = g.transpose() * g;
      diagonal[pair.first] += coupling.topLeftCorner<6, 6>();
      diagonal[pair.second] += coupling.bottomRightCorner<6, 6>();
      pair_blocks[index] += coupling.topRightCorner<6, 6>();
    }
    diagonal_changed.assign(diagonal.size(), 1);
    pair_changed.assign(pairs.size(), 1);
  }

  bool factor_into(BlockCholesky& factor) {
    const bool factored = factor.factor(diagonal, pair_blocks, diagonal_changed, pair_changed);
    std::fill(diagonal_changed.begin(), diagonal_changed.end(), 0);
    std::fill(pair_changed.begin(), pair_changed.end(), 0);
    return factored;
  }

  Eigen::MatrixXd dense() const {
    const int n = static_cast<int>(diagonal.size());
    Eigen::MatrixXd matrix = Eigen::MatrixXd::Zero(6 * n, 6 * n);
    for (int b = 0; b < n; ++b) matrix.block<6, 6>(6 * b, 6 * b) = diagonal[b];
    for (std::size_t p = 0; p < pairs.size(); ++p) {
      matrix.block<6, 6>(6 * pairs[p].first, 6 * pairs[p].second) = pair_blocks[p];
      matrix.block<6, 6>(6 * pairs[p].second, 6 * pairs[p].first) = pair_blocks[p].transpose();
    }
    return matrix;
  }
};

Eigen::VectorXd random_vector(std::uint64_t seed, int size) {
  TestRandom random(seed);
  Eigen::VectorXd x(size);
  for (int i = 0; i < size; ++i) x[i] = random.uniform(-1, 1);
  return x;
}

TEST(BlockCholesky, SolvesAsTheDenseAndTheSimplicialFactorisations) {
  for (std::uint64_t seed = 1; seed <= 8; ++seed) {
    const int blocks = 3 + 6 * static_cast<int>(seed);
    BlockMatrix matrix(seed, blocks, 2 * blocks);
    BlockCholesky factor;
    factor.analyse(blocks, matrix.pairs);
    ASSERT_TRUE(matrix.factor_into(factor)) << seed;
    EXPECT_EQ(factor.factored_columns(), blocks);
    const Eigen::VectorXd rhs = random_vector(seed + 100, 6 * blocks);
    Eigen::VectorXd x = rhs;
    factor.solve(x, x);

    const Eigen::MatrixXd dense = matrix.dense();
    const Eigen::VectorXd by_dense = dense.llt().solve(rhs);
    EXPECT_LT((x - by_dense).cwiseAbs().maxCoeff(), 1e-10 * by_dense.cwiseAbs().maxCoeff()) << seed;
    Eigen::SimplicialLDLT<Eigen::SparseMatrix<double>> simplicial(dense.sparseView());
    ASSERT_EQ(simplicial.info(), Eigen::Success);
    const Eigen::VectorXd by_simplicial = simplicial.solve(rhs);
    EXPECT_LT((x - by_simplicial).cwiseAbs().maxCoeff(), 1e-10 * by_simplicial.cwiseAbs().maxCoeff()) << seed;
  }
}

// x := A^-1 x by a dense scalar Cholesky of P A P^T (P from `order`, position =>
// block) in the order block_cholesky.h states for its blocks: every sum over the
// columns K < J ascending, L(R, J) = (A(R, J) - sum_K L(R, K) L(J, K)) / L(J, J); the
// forward solve over K < R ascending; the backward one over the rows of the blocks
// after J's ascending, then over the rows after J within its own block.
Eigen::VectorXd dense_scalar_solve(const Eigen::MatrixXd& matrix, const std::vector<int>& order,
                                   const Eigen::VectorXd& rhs) {
  const int n = static_cast<int>(matrix.rows());
  Eigen::MatrixXd l = Eigen::MatrixXd::Zero(n, n);
  Eigen::VectorXd y(n);
  for (int p = 0; p < n / 6; ++p) {
    for (int r = 0; r < 6; ++r) {
      for (int q = 0; q < n / 6; ++q) {
        for (int c = 0; c < 6; ++c) l(6 * p + r, 6 * q + c) = matrix(6 * order[p] + r, 6 * order[q] + c);
      }
      y[6 * p + r] = rhs[6 * order[p] + r];
    }
  }
  for (int j = 0; j < n; ++j) {
    for (int r = j; r < n; ++r) {
      for (int k = 0; k < j; ++k) l(r, j) -= l(r, k) * l(j, k);
    }
    l(j, j) = std::sqrt(l(j, j));
    for (int r = j + 1; r < n; ++r) l(r, j) /= l(j, j);
  }
  for (int r = 0; r < n; ++r) {
    for (int k = 0; k < r; ++k) y[r] -= l(r, k) * y[k];
    y[r] /= l(r, r);
  }
  for (int j = n - 1; j >= 0; --j) {
    const int block_end = 6 * (j / 6 + 1);
    for (int r = block_end; r < n; ++r) y[j] -= l(r, j) * y[r];
    for (int r = j + 1; r < block_end; ++r) y[j] -= l(r, j) * y[r];
    y[j] /= l(j, j);
  }
  Eigen::VectorXd x(n);
  for (int p = 0; p < n / 6; ++p) x.segment<6>(6 * order[p]) = y.segment<6>(6 * p);
  return x;
}

// Three blocks joined in a triangle (L is then dense, so every kernel runs: the pivot
// block's square, the product below it, the division by the pivot): the answer is
// the dense scalar Cholesky's for one of the six orders, bit for bit. Which order is
// minimum degree's choice; no two orders agree in every bit on these numbers.
TEST(BlockCholesky, SumsInTheStatedOrderBitForBit) {
  for (std::uint64_t seed = 1; seed <= 4; ++seed) {
    BlockMatrix matrix(seed, 3, 0);
    matrix.pairs = {{1, 0}, {2, 0}, {2, 1}};
    matrix.pair_blocks.assign(3, Block::Zero());
    TestRandom random(seed + 50);
    for (std::size_t p = 0; p < matrix.pairs.size(); ++p) {
      const Eigen::MatrixXd g = random.magnitude(2) * random_matrix(random, 3, 12);
      const Eigen::MatrixXd coupling = g.transpose() * g;
      matrix.diagonal[matrix.pairs[p].first] += coupling.topLeftCorner<6, 6>();
      matrix.diagonal[matrix.pairs[p].second] += coupling.bottomRightCorner<6, 6>();
      matrix.pair_blocks[p] = coupling.topRightCorner<6, 6>();
    }
    matrix.pair_changed.assign(3, 1);
    BlockCholesky factor;
    factor.analyse(3, matrix.pairs);
    ASSERT_TRUE(matrix.factor_into(factor)) << seed;
    const Eigen::VectorXd rhs = random_vector(seed + 200, 18);
    Eigen::VectorXd x = rhs;
    factor.solve(x, x);

    std::vector<int> order = {0, 1, 2};
    int equal = 0;
    do {
      if (dense_scalar_solve(matrix.dense(), order, rhs) == x) ++equal;
    } while (std::next_permutation(order.begin(), order.end()));
    EXPECT_EQ(equal, 1) << seed;
  }
}

// A chain of blocks (each joined to the next) and a star (every block joined to the
// first): minimum degree orders both without fill (the chain from its ends, the star
// from its leaves), so L holds the links' blocks alone.
TEST(BlockCholesky, AChainAndAStarFillNothing) {
  const int n = 12;
  std::vector<std::pair<int, int>> chain, star;
  for (int b = 1; b < n; ++b) {
    chain.emplace_back(b, b - 1);
    star.emplace_back(b, 0);
  }
  BlockCholesky factor;
  factor.analyse(n, chain);
  EXPECT_EQ(factor.off_diagonal_blocks(), n - 1);
  factor.analyse(n, star);
  EXPECT_EQ(factor.off_diagonal_blocks(), n - 1);
}

// Some blocks changed (a contact's D_c, on both its bodies and their pair): factoring
// their columns and those columns' ancestors again gives L bit for bit as a whole
// factorisation, and fewer columns than all; nothing changed, nothing is factored.
TEST(BlockCholesky, RefactoringTheChangedColumnsEqualsAWholeFactorisation) {
  const int blocks = 40;
  BlockMatrix matrix(5, blocks, 60);
  BlockCholesky partial;
  partial.analyse(blocks, matrix.pairs);
  ASSERT_TRUE(matrix.factor_into(partial));

  // Pair 7's coupling grows: its two blocks' rows change.
  const int pair = 7;
  const int a = matrix.pairs[pair].first, b = matrix.pairs[pair].second;
  TestRandom random(9);
  const Eigen::MatrixXd g = random_matrix(random, 3, 12);
  const Eigen::MatrixXd coupling = g.transpose() * g;
  matrix.diagonal[a] += coupling.topLeftCorner<6, 6>();
  matrix.diagonal[b] += coupling.bottomRightCorner<6, 6>();
  matrix.pair_blocks[pair] += coupling.topRightCorner<6, 6>();
  matrix.diagonal_changed[a] = matrix.diagonal_changed[b] = matrix.pair_changed[pair] = 1;
  ASSERT_TRUE(matrix.factor_into(partial));
  EXPECT_LT(partial.factored_columns(), blocks);
  EXPECT_GE(partial.factored_columns(), 2);
  ASSERT_TRUE(matrix.factor_into(partial));
  EXPECT_EQ(partial.factored_columns(), 0);

  BlockCholesky whole;
  whole.analyse(blocks, matrix.pairs);
  matrix.diagonal_changed.assign(blocks, 1);
  matrix.pair_changed.assign(matrix.pairs.size(), 1);
  ASSERT_TRUE(matrix.factor_into(whole));
  const Eigen::VectorXd rhs = random_vector(17, 6 * blocks);
  Eigen::VectorXd by_partial = rhs, by_whole = rhs;
  partial.solve(by_partial, by_partial);
  whole.solve(by_whole, by_whole);
  EXPECT_EQ(by_partial, by_whole);
  // Into another vector and negated (Newton's -H^-1 g): the same bits, negated.
  Eigen::VectorXd negated;
  whole.solve(rhs, negated, -1);
  EXPECT_EQ(negated, -by_whole);
  const Eigen::VectorXd by_dense = matrix.dense().llt().solve(rhs);
  EXPECT_LT((by_partial - by_dense).cwiseAbs().maxCoeff(), 1e-10 * by_dense.cwiseAbs().maxCoeff());
}

// A block whose diagonal is indefinite: the factorisation says so, and the next one
// of a good matrix factors every column again (a partial one is not trusted after a
// failure) and succeeds.
TEST(BlockCholesky, RefusesAMatrixThatIsNotPositiveDefinite) {
  const int blocks = 10;
  BlockMatrix matrix(3, blocks, 15);
  BlockCholesky factor;
  factor.analyse(blocks, matrix.pairs);
  const Block good = matrix.diagonal[4];
  matrix.diagonal[4](2, 2) = -1;
  EXPECT_FALSE(matrix.factor_into(factor));
  matrix.diagonal[4] = good;
  matrix.diagonal_changed[4] = 1;
  ASSERT_TRUE(matrix.factor_into(factor));
  EXPECT_EQ(factor.factored_columns(), blocks);
  Eigen::VectorXd x = random_vector(4, 6 * blocks);
  const Eigen::VectorXd by_dense = matrix.dense().llt().solve(x);
  factor.solve(x, x);
  EXPECT_LT((x - by_dense).cwiseAbs().maxCoeff(), 1e-10 * by_dense.cwiseAbs().maxCoeff());
}

}  // namespace
}  // namespace contactlab

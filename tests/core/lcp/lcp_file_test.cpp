#include "lcp/lcp_file.h"

#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include "temp_path.h"

namespace contactlab {
namespace {

TEST(ParseLcpText, ReadsMColumnMajor) {
  // Each printed row after the header is a column of M: M = [[1, 2], [3, 4]].
  const std::string text =
      "2\n0\n2\n2\n2\t2\n"
      "1 3\n"
      "2 4\n"
      "-1 -2.5e-1\n"
      "\n"
      "Free comment: 7 8 9 are not read.\n";
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  const Status status = parse_lcp_text(text, M, q);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(M.rows(), 2);
  ASSERT_EQ(M.cols(), 2);
  EXPECT_EQ(M(0, 0), 1);
  EXPECT_EQ(M(1, 0), 3);
  EXPECT_EQ(M(0, 1), 2);
  EXPECT_EQ(M(1, 1), 4);
  ASSERT_EQ(q.size(), 2);
  EXPECT_EQ(q[0], -1);
  EXPECT_EQ(q[1], -0.25);
}

TEST(LcpText, ReadsBackAsTheSameDoublesWithTheCommentIgnored) {
  // Values that 15 digits would not carry exactly, and a comment holding numbers.
  Eigen::MatrixXd M(3, 3);
  M << 0.1, 1.0 / 3.0, -2e-300, 4.0 / 7.0, 1e300, 0, -0.7, 5, 2.0 / 9.0;
  Eigen::VectorXd q(3);
  q << -1.0 / 3.0, 0.3, 6.02214076e23;
  const std::string text = lcp_text(M, q, "# step 7\n# z: 1 2 3");
  Eigen::MatrixXd read_M;
  Eigen::VectorXd read_q;
  const Status status = parse_lcp_text(text, read_M, read_q);
  ASSERT_TRUE(status.ok()) << status.message();
  ASSERT_EQ(read_M.rows(), 3);
  for (int row = 0; row < 3; ++row) {
    EXPECT_EQ(read_q[row], q[row]);
    for (int col = 0; col < 3; ++col) EXPECT_EQ(read_M(row, col), M(row, col)) << row << ", " << col;
  }
  EXPECT_EQ(text.back(), '\n');
}

TEST(ParseLcpText, AcceptsAnyWhiteSpaceLayout) {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  ASSERT_TRUE(parse_lcp_text("1 0 1 1 1 1   2.0\r\n  -3", M, q).ok());
  EXPECT_EQ(M(0, 0), 2);
  EXPECT_EQ(q[0], -3);
}

std::string parse_error(const std::string& text) {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  const Status status = parse_lcp_text(text, M, q);
  EXPECT_EQ(M.size(), 0);
  EXPECT_EQ(q.size(), 0);
  return status.message();
}

TEST(ParseLcpText, NamesTheProblem) {
  EXPECT_EQ(parse_error(""), "line 1: the file ends before the problem size n");
  EXPECT_EQ(parse_error("0\n0\n0\n0\n0 0\n"),
            "line 1: the problem size n must be an integer in 1 .. 2000, got 0");
  EXPECT_EQ(parse_error("2001"),
            "line 1: the problem size n must be an integer in 1 .. 2000, got 2001");
  EXPECT_EQ(parse_error("1.5"),
            "line 1: the problem size n must be an integer in 1 .. 2000, got 1.5");
  EXPECT_EQ(parse_error("2\n1\n"),
            "line 2: the storage type (0: dense) must be an integer in 0 .. 0, got 1");
  EXPECT_EQ(parse_error("2\n0\n3\n"),
            "line 3: the row count must be an integer in 2 .. 2, got 3 (it must equal the problem "
            "size 2)");
  EXPECT_EQ(
      parse_error("2\n0\n2\n2\n2 1\n"),
      "line 5: the repeated column count must be an integer in 2 .. 2, got 1 (it must equal the "
      "problem size 2)");
  EXPECT_EQ(parse_error("2\n0\n2\n2\n2 2\n1 x\n"),
            "line 6: M(1, 0) (value 2 of 4, column-major) must be a number, got 'x'");
  EXPECT_EQ(parse_error("2\n0\n2\n2\n2 2\n1 2\nnan 4\n"),
            "line 7: M(0, 1) (value 3 of 4, column-major) must be finite, got 'nan'");
  EXPECT_EQ(parse_error("2\n0\n2\n2\n2 2\n1 2\n3 4\n-1\n"),
            "line 9: the file ends before q(1) (value 2 of 2)");
  EXPECT_EQ(parse_error("2\n0\n2\n2\n2 2\n1 2\n3 4\n-1 1e999\n"),
            "line 8: q(1) (value 2 of 2) must be finite, got '1e999'");
}

TEST(ReadLcpFile, ReadsAFileAndNamesItInErrors) {
  const std::string path = temp_path("lcp_file_test.dat");
  {
    std::ofstream file(path);
    file << "1\n0\n1\n1\n1 1\n2\n-4\n";
  }
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  ASSERT_TRUE(read_lcp_file(path, M, q).ok());
  EXPECT_EQ(M(0, 0), 2);
  EXPECT_EQ(q[0], -4);
  {
    std::ofstream file(path);
    file << "1\n0\n1\n1\n1 1\n2\n";
  }
  EXPECT_EQ(read_lcp_file(path, M, q).message(),
            path + ": line 7: the file ends before q(0) (value 1 of 1)");
  std::remove(path.c_str());
  EXPECT_EQ(read_lcp_file(path, M, q).message(), path + ": cannot open the file");
  EXPECT_EQ(read_lcp_file(::testing::TempDir(), M, q).message(),
            ::testing::TempDir() + ": is a directory, not an LCP file");
}

// An endless or huge file ends with an error after kMaxLcpFileBytes, not with the
// memory exhausted.
TEST(ReadLcpFile, StopsReadingPastTheSizeCap) {
  Eigen::MatrixXd M;
  Eigen::VectorXd q;
  EXPECT_EQ(read_lcp_file("/dev/zero", M, q).message(),
            "/dev/zero: an LCP file must be at most " + std::to_string(kMaxLcpFileBytes) + " bytes");
  EXPECT_EQ(M.size(), 0);
}

}  // namespace
}  // namespace contactlab

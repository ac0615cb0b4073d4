// Reads one linear complementarity problem (w = M z + q >= 0, z >= 0, z^T w = 0) from the
// dense text format of the Siconos numerics test data:
//
//   n            problem size, 1 .. 2000
//   0            storage type (only 0, dense, is accepted)
//   n            rows
//   n            columns
//   n n          rows and columns again
//   n*n values   M in COLUMN-major order (each printed row is a column of M)
//   n values     q
//   ...          anything after q is a free-text comment
//
// Numbers are separated by any white space; every value must be finite.
#pragma once

#include <Eigen/Core>
#include <cstddef>
#include <string>

#include "base/status.h"

namespace contactlab {

constexpr int kMaxLcpFileSize = 2000;  // largest n accepted
// The largest file read [bytes]: n = 2000 written with 17 significant digits fits.
constexpr std::size_t kMaxLcpFileBytes = std::size_t{128} << 20;

// Parses the text of an LCP file; on failure M and q are left empty and the message
// names the line and the field.
Status parse_lcp_text(const std::string& text, Eigen::MatrixXd& M, Eigen::VectorXd& q);

// The text of an LCP in the format parse_lcp_text reads, every value with 17
// significant digits so that it reads back as the same double; `comment` (free text,
// may span lines) follows q.
std::string lcp_text(const Eigen::MatrixXd& M, const Eigen::VectorXd& q, const std::string& comment);

// Reads and parses the file at `path`; messages start with the path.
Status read_lcp_file(const std::string& path, Eigen::MatrixXd& M, Eigen::VectorXd& q);

}  // namespace contactlab

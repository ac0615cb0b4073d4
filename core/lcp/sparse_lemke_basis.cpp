#include "lcp/sparse_lemke_basis.h"

#include "lcp/eta_kernels.h"
#include "lcp/sparse_lu_solve.h"

namespace contactlab {

void SparseLemkeBasis::reset(const Eigen::SparseMatrix<double>& matrix, const Eigen::VectorXd& offset) {
  matrix_ = &matrix;
  original_offset_ = &offset;
  n_ = static_cast<int>(offset.size());
  variables_.n = n_;
  covering_.setOnes(n_);
  offset_ = offset;
  basic_value_ = offset;
  basic_variable_.resize(n_);
  variable_position_.assign(2 * static_cast<std::size_t>(n_) + 1, -1);
  for (int i = 0; i < n_; ++i) {
    basic_variable_[i] = i;
    variable_position_[i] = i;
  }
  current_->identity = true;
  clear_etas();
}

bool SparseLemkeBasis::start_from(const std::vector<char>& z_is_basic) {
  covering_.setZero(n_);
  for (int i = 0; i < n_; ++i) {
    const int variable = z_is_basic[i] ? n_ + i : i;
    variable_position_[basic_variable_[i]] = -1;
    basic_variable_[i] = variable;
    variable_position_[variable] = i;
  }
  for (int i = 0; i < n_; ++i) add_column(basic_variable_[i], 1.0, covering_);
  if (refactorise()) return true;
  reset(*matrix_, *original_offset_);
  return false;
}

void SparseLemkeBasis::clear_etas() {
  eta_row_.clear();
  eta_pivot_.clear();
  eta_start_.assign(1, 0);
  eta_index_start_.assign(1, 0);
  eta_dense_.clear();
  eta_index_.clear();
  eta_value_.clear();
}

void SparseLemkeBasis::add_column(int variable, double factor, Eigen::VectorXd& target) const {
  if (variables_.is_w(variable)) {
    target[variable] += factor;
  } else if (variables_.is_z(variable)) {
    for (Eigen::SparseMatrix<double>::InnerIterator it(*matrix_, variable - n_); it; ++it) {
      target[it.row()] -= factor * it.value();
    }
  } else {
    target -= factor * covering_;
  }
}

void SparseLemkeBasis::solve(Eigen::VectorXd& b) const {
  if (!current_->identity) {
    if (current_->by_block) {
      current_->block.solve(b, scratch_);
    } else {
      solve_sparse_lu(current_->lu, b, scratch_, lu_work_);
    }
    b.swap(scratch_);
  }
  apply_etas(b);
}

double SparseLemkeBasis::EtaGroup::applied(int event, int i, double b_i) const {
  if (row[event] == i) return value[event];
  const double* eta = column[event];
  return eta == nullptr ? b_i : b_i - eta[i] * value[event];
}

void SparseLemkeBasis::EtaGroup::add(int at_row, double row_value, const double* eta) {
  row[events] = at_row;
  value[events] = row_value;
  column[events] = eta;
  ++events;
  if (eta == nullptr) return;
  columns[columns_count] = eta;
  column_value[columns_count] = row_value;
  ++columns_count;
}

// The group's etas on b in one pass, then their rows, which the pass does not get
// right (an eta sets its row to its value rather than subtracting from it), set to
// what the etas one after the other leave there.
void SparseLemkeBasis::flush_etas(Eigen::VectorXd& b) const {
  EtaGroup& group = eta_group_;
  for (int e = 0; e < group.events; ++e) {
    double at_row = group.value[e];
    for (int later = e + 1; later < group.events; ++later) at_row = group.applied(later, group.row[e], at_row);
    group.row_result[e] = at_row;
  }
  if (group.columns_count > 0) {
    subtract_scaled_columns(group.columns, group.column_value, group.columns_count, b.data(),
                            static_cast<std::size_t>(n_));
  }
  for (int e = 0; e < group.events; ++e) b[group.row[e]] = group.row_result[e];
  group.events = 0;
  group.columns_count = 0;
}

void SparseLemkeBasis::apply_etas(Eigen::VectorXd& b) const {
  EtaGroup& group = eta_group_;
  group.events = 0;
  group.columns_count = 0;
  for (std::size_t t = 0; t < eta_row_.size(); ++t) {
    const int row = eta_row_[t];
    // b_row as the etas before t leave it: those of the group not yet applied, on it alone.
    double at_row = b[row];
    for (int e = 0; e < group.events; ++e) at_row = group.applied(e, row, at_row);
    const double value = at_row / eta_pivot_[t];
    if (eta_dense_[t]) {
      // d stored whole with d_row = 0: b_row - 0 value = b_row, and the other zeros of
      // d leave their b_i as the sparse pass does (but for the sign of a zero b_i).
      group.add(row, value, value == 0 ? nullptr : eta_value_.data() + eta_start_[t]);
      if (group.columns_count == kEtasInOnePass || group.events == EtaGroup::kEvents) flush_etas(b);
      continue;
    }
    flush_etas(b);
    b[row] = value;
    if (value == 0) continue;
    const int* index = eta_index_.data() + eta_index_start_[t];
    const double* eta = eta_value_.data() + eta_start_[t];
    const int count = eta_start_[t + 1] - eta_start_[t];
    for (int e = 0; e < count; ++e) b[index[e]] -= eta[e] * value;
  }
  flush_etas(b);
}

void SparseLemkeBasis::compute_direction(int variable, Eigen::VectorXd& d) {
  d.setZero(n_);
  add_column(variable, 1.0, d);
  solve(d);
}

void SparseLemkeBasis::pivot(int row, int entering, const Eigen::VectorXd& d) {
  const double pivot_value = d[row];
  const double theta = basic_value_[row] / pivot_value;
  basic_value_ -= theta * d;
  basic_value_[row] = theta;
  eta_row_.push_back(row);
  eta_pivot_.push_back(pivot_value);
  int nonzeros = 0;
  for (int i = 0; i < n_; ++i) nonzeros += i != row && d[i] != 0;
  const bool dense = 3 * nonzeros > 2 * n_;
  eta_dense_.push_back(dense);
  if (dense) {
    eta_value_.insert(eta_value_.end(), d.data(), d.data() + n_);
    eta_value_[eta_value_.size() - n_ + row] = 0;
  } else {
    for (int i = 0; i < n_; ++i) {
      if (i == row || d[i] == 0) continue;
      eta_index_.push_back(i);
      eta_value_.push_back(d[i]);
    }
  }
  eta_start_.push_back(static_cast<int>(eta_value_.size()));
  eta_index_start_.push_back(static_cast<int>(eta_index_.size()));
  const int leaving = basic_variable_[row];
  basic_variable_[row] = entering;
  variable_position_[entering] = row;
  variable_position_[leaving] = -1;
}

void SparseLemkeBasis::move_value_to_zero(int row) {
  add_column(basic_variable_[row], -basic_value_[row], offset_);
  basic_value_[row] = 0;
}

// B written column by column in compressed form: each column's rows ascend (M's
// columns are sorted, the unit and covering columns trivially), so this is the matrix
// setFromTriplets() built, without its passes through a transposed copy.
bool SparseLemkeBasis::factorise_whole(Factorisation& trial) {
  Eigen::SparseMatrix<double>& B = trial.matrix;
  Eigen::Index nonzeros = 0;
  bool identity = true;
  for (int p = 0; p < n_; ++p) {
    const int variable = basic_variable_[p];
    if (variables_.is_w(variable)) {
      ++nonzeros;
      identity = identity && variable == p;
    } else if (variables_.is_z(variable)) {
      identity = false;
      nonzeros += matrix_->col(variable - n_).nonZeros();
    } else {
      identity = false;
      nonzeros += n_;
    }
  }
  B.resize(n_, n_);
  B.reserve(nonzeros);
  for (int p = 0; p < n_; ++p) {
    const int variable = basic_variable_[p];
    B.startVec(p);
    if (variables_.is_w(variable)) {
      B.insertBack(variable, p) = 1.0;
    } else if (variables_.is_z(variable)) {
      for (Eigen::SparseMatrix<double>::InnerIterator it(*matrix_, variable - n_); it; ++it) {
        B.insertBack(it.row(), p) = -it.value();
      }
    } else {
      for (int i = 0; i < n_; ++i) {
        if (covering_[i] != 0) B.insertBack(i, p) = -covering_[i];
      }
    }
  }
  B.finalize();
  trial.identity = identity;
  if (identity) return true;
  trial.lu.analyzePattern(B);
  trial.lu.factorize(B);
  return trial.lu.info() == Eigen::Success;
}

bool SparseLemkeBasis::factorise_block(Factorisation& trial) {
  trial.identity = true;
  for (int p = 0; p < n_ && trial.identity; ++p) trial.identity = basic_variable_[p] == p;
  return trial.identity || trial.block.factorise(*matrix_, covering_, variables_, basic_variable_);
}

bool SparseLemkeBasis::refactorise() {
  Factorisation& trial = *trial_;
  trial.by_block = n_ >= kBlockFactorisationUnknowns;
  if (!(trial.by_block ? factorise_block(trial) : factorise_whole(trial))) return false;
  current_.swap(trial_);
  clear_etas();
  basic_value_ = offset_;
  solve(basic_value_);
  // One step of refinement: x_B -= B^-1 (B x_B - (q + dq)), B x_B summed column by
  // column where B was not formed.
  if (current_->by_block) {
    residual_ = -offset_;
    for (int p = 0; p < n_; ++p) add_column(basic_variable_[p], basic_value_[p], residual_);
  } else {
    residual_ = current_->matrix * basic_value_ - offset_;
  }
  solve(residual_);
  basic_value_ -= residual_;
  return true;
}

}  // namespace contactlab

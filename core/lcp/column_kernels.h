// The loops the dense Lemke method runs over whole columns of n entries (lemke.cpp,
// lemke_basis.cpp, lemke_pivoting.cpp), compiled also for AVX (base/vector_clones.h):
// the same results bit for bit whichever copy runs.
#pragma once

#include <cstddef>

namespace contactlab {

// max_i |values_i| over i < count (+0 when count is 0), in four lanes: a maximum of
// numbers >= +0 is the same in any order, and a NaN is passed over in every lane as
// std::max passes it over.
double max_abs(const double* values, std::size_t count);

// target_i += column_i factor for i < count, element by element.
void add_scaled_column(const double* column, double factor, double* target, std::size_t count);

// target_i += |column_i| for i < count: a column's terms of B^-1's row norms.
void add_abs_column(const double* column, double* target, std::size_t count);

// target_i = -(column_i scale) for i < count: a column of -M scaled (lemke_basis.h).
void write_negated_scaled_column(const double* column, double scale, double* target, std::size_t count);

}  // namespace contactlab

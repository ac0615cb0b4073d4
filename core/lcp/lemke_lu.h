// Dense LU factorisation with partial pivoting of small column-major matrices, for the
// bases and principal subsystems of Lemke's method (seed 002 eq. 21). Row ties in the
// pivot search go to the lowest index and every sum runs in a fixed order, so results
// are bit-identical on every platform.
#pragma once

namespace contactlab {

// In place, P a = L U for the k x k column-major matrix `a` (L unit lower triangular
// below the diagonal, U on and above it; row_swap[c] is the row exchanged with row c
// at column c). Returns false when a pivot is not above singular_tolerance times the
// largest |a| entry (singular to working precision); `a` is then left half-factorised.
bool lu_factorise(double* a, int k, int* row_swap, double singular_tolerance);

// Solves (P^-1 L U) x = b in place, with the factors from lu_factorise().
void lu_solve(const double* lu, int k, const int* row_swap, double* b);

// The row length of lu_inverse()'s result: k rounded up to a multiple of four.
inline int lu_inverse_stride(int k) { return (k + 3) / 4 * 4; }

// A^-1 from the factors of lu_factorise(), all k columns at once and row by row:
// inverse[t s + q] = (A^-1)_{t, order[q]} for s = lu_inverse_stride(k) (the entries
// q >= k of a row are finite padding), entry by entry lu_solve()'s result for the unit
// right-hand side e_order[q], bit for bit. The columns come in the order in which the
// row exchanges put each unit vector's 1 (order[q]'s 1 lands at q), so that the forward
// solve touches only the triangle q <= col; every sum keeps lu_solve()'s order, and the
// products it passes over (a zero multiplier, a zero entry of the factors) are +-0
// subtracted from entries that are never -0 before their division, which leaves them as
// they are (a result that is not all finite is formed again without passing over any).
void lu_inverse(const double* lu, int k, const int* row_swap, double* inverse, int* order);

}  // namespace contactlab

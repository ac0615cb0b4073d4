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

// lu_solve() on four right-hand sides at once, each with lu_solve()'s result bit for
// bit (the same operations in the same order; a column of the factors is loaded once
// for the four where all four use it).
void lu_solve_four(const double* lu, int k, const int* row_swap, double* const b[4]);

}  // namespace contactlab

// The hash of a Lemke basis (lemke_pivoting.h, sparse_lemke_path.h): a 64-bit key per
// variable, XOR-ed in and out as it enters and leaves (Zobrist), so that a path that
// comes back to a basis it has left, with the same variable entering, is recognised.
#pragma once

#include <cstdint>

namespace contactlab {

// A variable's key in the hash of a basis (splitmix64's finaliser): the entering
// variable has keys of its own, so a state is the basis and the variable to enter.
inline std::uint64_t basis_key(std::uint64_t variable) {
  std::uint64_t x = variable + 0x9e3779b97f4a7c15ULL;
  x = (x ^ (x >> 30)) * 0xbf58476d1ce4e5b9ULL;
  x = (x ^ (x >> 27)) * 0x94d049bb133111ebULL;
  return x ^ (x >> 31);
}

inline std::uint64_t entering_key(int variable) {
  return basis_key(~static_cast<std::uint64_t>(variable));
}

}  // namespace contactlab

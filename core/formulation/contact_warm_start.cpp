#include "formulation/contact_warm_start.h"

#include <algorithm>
#include <numeric>
#include <tuple>

namespace contactlab {
namespace {

// The first of `previous`'s contacts (sorted) whose pair is not below (a, b).
int first_of_pair(const ContactMultipliers& previous, int a, int b) {
  int low = 0, high = previous.size();
  while (low < high) {
    const int middle = (low + high) / 2;
    if (std::make_pair(previous.geom_a[middle], previous.geom_b[middle]) < std::make_pair(a, b)) {
      low = middle + 1;
    } else {
      high = middle;
    }
  }
  return low;
}

bool same_pair(const ContactMultipliers& previous, int i, int a, int b) {
  return i < previous.size() && previous.geom_a[i] == a && previous.geom_b[i] == b;
}

}  // namespace

void ContactMultipliers::clear() {
  geom_a.clear();
  geom_b.clear();
  feature.clear();
  position.clear();
  multiplier.clear();
}

void ContactWarmStart::start_pass() {
  const int count = current.size();
  order.resize(count);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int i, int j) {
    return std::make_tuple(current.geom_a[i], current.geom_b[i], current.feature[i]) <
           std::make_tuple(current.geom_a[j], current.geom_b[j], current.feature[j]);
  });
  const int u = current.friction_edges;
  previous.clear();
  previous.friction_edges = u;
  for (const int i : order) {
    previous.geom_a.push_back(current.geom_a[i]);
    previous.geom_b.push_back(current.geom_b[i]);
    previous.feature.push_back(current.feature[i]);
    previous.position.push_back(current.position[i]);
    previous.multiplier.insert(previous.multiplier.end(), current.multiplier.begin() + i * u,
                               current.multiplier.begin() + (i + 1) * u);
  }
  current.clear();
}

int take_contact_multipliers(const ContactMultipliers& previous, const ContactIdentities& contacts,
                             int friction_edges, std::vector<char>& taken, Eigen::VectorXd& multiplier) {
  const int k = static_cast<int>(contacts.geoms.size());
  const int u = friction_edges;
  multiplier.setZero(k * u);
  if (previous.friction_edges != u || previous.size() == 0) return 0;
  taken.assign(previous.size(), 0);
  std::vector<int> found(k, -1);
  // The same pair and feature first, then the nearest untaken point of the pair.
  for (int pass = 0; pass < 2; ++pass) {
    for (int c = 0; c < k; ++c) {
      if (found[c] >= 0) continue;
      const auto [a, b] = contacts.geoms[c];
      double nearest = kContactMatchDistance;
      for (int i = first_of_pair(previous, a, b); same_pair(previous, i, a, b); ++i) {
        if (taken[i]) continue;
        if (pass == 0) {
          if (previous.feature[i] == contacts.feature[c]) {
            found[c] = i;
            break;
          }
        } else {
          const double distance = (previous.position[i] - contacts.position[c]).norm();
          if (distance <= nearest) {
            nearest = distance;
            found[c] = i;
          }
        }
      }
      if (found[c] >= 0) taken[found[c]] = 1;
    }
  }
  int matched = 0;
  for (int c = 0; c < k; ++c) {
    if (found[c] < 0) continue;
    ++matched;
    for (int j = 0; j < u; ++j) multiplier[c * u + j] = previous.multiplier[found[c] * u + j];
  }
  return matched;
}

void keep_contact_multipliers(const ContactIdentities& contacts, int friction_edges,
                              const Eigen::VectorXd& multiplier, ContactMultipliers& current) {
  current.friction_edges = friction_edges;
  const int k = static_cast<int>(contacts.geoms.size());
  for (int c = 0; c < k; ++c) {
    current.geom_a.push_back(contacts.geoms[c].first);
    current.geom_b.push_back(contacts.geoms[c].second);
    current.feature.push_back(contacts.feature[c]);
    current.position.push_back(contacts.position[c]);
  }
  current.multiplier.insert(current.multiplier.end(), multiplier.data(), multiplier.data() + k * friction_edges);
}

}  // namespace contactlab

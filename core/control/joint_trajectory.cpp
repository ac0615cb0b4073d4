#include "control/joint_trajectory.h"

#include <algorithm>
#include <cmath>
#include <limits>

#include "control/vector_checks.h"

namespace contactlab {
namespace {

// The quintic of one joint in the normalised time s = tau / T, scaled so that
// dq/ds = velocity(s) = T qd and d2q/ds2 = acceleration(s) = T^2 qdd:
//   q(s) = q0 + V s + A/2 s^2 + b3 s^3 + b4 s^4 + b5 s^5.
struct NormalisedQuintic {
  double V, A, b3, b4, b5;

  NormalisedQuintic(double distance, double start_velocity, double start_acceleration,
                    double duration) {
    V = start_velocity * duration;
    A = start_acceleration * duration * duration;
    b3 = 10 * distance - 6 * V - 1.5 * A;
    b4 = -15 * distance + 8 * V + 1.5 * A;
    b5 = 6 * distance - 3 * V - 0.5 * A;
  }
  double velocity(double s) const {
    return V + s * (A + s * (3 * b3 + s * (4 * b4 + s * (5 * b5))));
  }
  double acceleration(double s) const {
    return A + s * (6 * b3 + s * (12 * b4 + s * (20 * b5)));
  }
};

// Roots in (0, 1) of c0 + c1 s + c2 s^2, in increasing order; returns their count.
int quadratic_roots_in_unit_interval(double c0, double c1, double c2, double roots[2]) {
  double candidates[2];
  int candidate_count = 0;
  if (c2 == 0) {
    if (c1 != 0) candidates[candidate_count++] = -c0 / c1;
  } else {
    const double discriminant = c1 * c1 - 4 * c2 * c0;
    if (discriminant >= 0) {
      // The cancellation-free pair: q = -(c1 + sgn(c1) sqrt(disc)) / 2, roots q/c2, c0/q.
      const double root_of_discriminant = std::sqrt(discriminant);
      const double q = -0.5 * (c1 >= 0 ? c1 + root_of_discriminant : c1 - root_of_discriminant);
      candidates[candidate_count++] = q / c2;
      if (q != 0) candidates[candidate_count++] = c0 / q;
    }
  }
  int count = 0;
  for (int i = 0; i < candidate_count; ++i) {
    if (candidates[i] > 0 && candidates[i] < 1) roots[count++] = candidates[i];
  }
  if (count == 2 && roots[1] < roots[0]) std::swap(roots[0], roots[1]);
  return count;
}

// The root of the monotone acceleration(s) between lo and hi, whose values there have
// opposite signs, by bisection to the resolution of a double.
double bisect_acceleration_root(const NormalisedQuintic& quintic, double lo, double hi) {
  const bool negative_at_lo = quintic.acceleration(lo) < 0;
  for (int iteration = 0; iteration < 128; ++iteration) {
    const double mid = 0.5 * (lo + hi);
    if (mid <= lo || mid >= hi) break;
    if ((quintic.acceleration(mid) < 0) == negative_at_lo) {
      lo = mid;
    } else {
      hi = mid;
    }
  }
  return 0.5 * (lo + hi);
}

// The shortest T from rest (closed form, see the header).
double rest_to_rest_duration(const std::vector<double>& q, const std::vector<double>& target,
                             const std::vector<double>& max_velocity,
                             const std::vector<double>& max_acceleration) {
  const double acceleration_peak_factor = 10 / std::sqrt(3.0);  // peak |qdd| T^2 / |D|
  double duration = 0;
  for (std::size_t j = 0; j < q.size(); ++j) {
    const double length = std::abs(target[j] - q[j]);
    duration = std::max(duration, 15 * length / (8 * max_velocity[j]));
    duration = std::max(duration,
                        std::sqrt(acceleration_peak_factor * length / max_acceleration[j]));
  }
  return duration;
}

// The acceleration release at t' in [0, tr]: qdd falls linearly from qdd0 to zero.
void release_state(double q0, double qd0, double qdd0, double release_duration, double t,
                   double& q, double& qd, double& qdd) {
  const double sigma = t / release_duration;
  qdd = qdd0 * (1 - sigma);
  qd = qd0 + qdd0 * t * (1 - 0.5 * sigma);
  q = q0 + t * (qd0 + qdd0 * t * (0.5 - sigma / 6));
}

}  // namespace

QuinticPeaks quintic_peaks(double distance, double start_velocity, double start_acceleration,
                           double duration) {
  const NormalisedQuintic quintic(distance, start_velocity, start_acceleration, duration);
  // Breakpoints 0 < r < 1 where the jerk 6 b3 + 24 b4 s + 60 b5 s^2 vanishes:
  // acceleration(s) is monotone between them, and its extremes lie on them or the ends.
  double jerk_roots[2];
  const int jerk_root_count = quadratic_roots_in_unit_interval(
      6 * quintic.b3, 24 * quintic.b4, 60 * quintic.b5, jerk_roots);
  double breakpoints[4] = {0, 0, 0, 1};
  int breakpoint_count = 1;
  for (int i = 0; i < jerk_root_count; ++i) breakpoints[breakpoint_count++] = jerk_roots[i];
  breakpoints[breakpoint_count++] = 1;

  double peak_velocity = 0, peak_acceleration = 0;
  for (int i = 0; i < breakpoint_count; ++i) {
    peak_acceleration =
        std::max(peak_acceleration, std::abs(quintic.acceleration(breakpoints[i])));
    peak_velocity = std::max(peak_velocity, std::abs(quintic.velocity(breakpoints[i])));
  }
  // The velocity's interior extremes sit on the acceleration's roots, at most one per
  // monotone piece.
  for (int i = 0; i + 1 < breakpoint_count; ++i) {
    const double lo = breakpoints[i], hi = breakpoints[i + 1];
    const double at_lo = quintic.acceleration(lo), at_hi = quintic.acceleration(hi);
    if ((at_lo < 0) == (at_hi < 0)) continue;
    const double root = bisect_acceleration_root(quintic, lo, hi);
    peak_velocity = std::max(peak_velocity, std::abs(quintic.velocity(root)));
  }
  // Back from the normalised time: qd = velocity(s) / T, qdd = acceleration(s) / T^2.
  return QuinticPeaks{peak_velocity / duration, peak_acceleration / (duration * duration)};
}

Status JointTrajectory::start(double time, const std::vector<double>& q,
                              const std::vector<double>& qd, const std::vector<double>& qdd,
                              const std::vector<double>& target,
                              const std::vector<double>& max_velocity,
                              const std::vector<double>& max_acceleration) {
  const std::size_t n = q.size();
  if (qd.size() != n || qdd.size() != n || target.size() != n || max_velocity.size() != n ||
      max_acceleration.size() != n) {
    return Status::failure(
        "joint trajectory: q, qd, qdd, target, max_velocity and max_acceleration must have "
        "one entry per joint");
  }
  if (!std::isfinite(time)) return Status::failure("joint trajectory: time must be finite");
  for (const Status& status :
       {check_finite_entries(q, "joint trajectory: q"),
        check_finite_entries(qd, "joint trajectory: qd"),
        check_finite_entries(qdd, "joint trajectory: qdd"),
        check_finite_entries(target, "joint trajectory: target"),
        check_positive_entries(max_velocity, "joint trajectory: max_velocity"),
        check_positive_entries(max_acceleration, "joint trajectory: max_acceleration")}) {
    if (!status.ok()) return status;
  }

  // (q0, qd0, qdd0, limits) => tr and the quintic's start (q1, qd1); quintic[0], [1]
  // hold q1 and qd1 until the coefficients are complete.
  std::vector<JointMove>& moves = scratch_moves_;
  moves.assign(n, JointMove());
  bool at_rest = true, within_limits = true;
  for (std::size_t j = 0; j < n; ++j) {
    JointMove& move = moves[j];
    move.start_position = q[j];
    move.start_velocity = qd[j];
    move.start_acceleration = qdd[j];
    if (qd[j] != 0 || qdd[j] != 0) at_rest = false;
    if (std::abs(qd[j]) > max_velocity[j] || std::abs(qdd[j]) > max_acceleration[j]) {
      within_limits = false;
    }
    move.quintic[0] = q[j];
    move.quintic[1] = qd[j];
    if (qdd[j] == 0) continue;
    const double magnitude = std::abs(qdd[j]);
    const double release_time =
        magnitude * max_velocity[j] / (max_acceleration[j] * max_acceleration[j]);
    // v_max minus the velocity along the direction qdd0 pushes it.
    const double headroom = max_velocity[j] - (qdd[j] > 0 ? qd[j] : -qd[j]);
    const double limit_time = 2 * headroom / magnitude;
    if (limit_time > 0) {
      move.release_duration = std::min(release_time, limit_time);
    } else {
      move.release_duration = release_time;
      within_limits = false;
    }
    double acceleration_after;
    release_state(q[j], qd[j], qdd[j], move.release_duration, move.release_duration,
                  move.quintic[0], move.quintic[1], acceleration_after);
  }

  // (D, qd1, tr, limits) => T, see the header for the rule.
  const auto distance = [&](std::size_t j) { return target[j] - moves[j].quintic[0]; };
  double duration = 0;
  if (at_rest) {
    duration = rest_to_rest_duration(q, target, max_velocity, max_acceleration);
  } else {
    // v_max, widened to |qd1| when the start state lies outside the limits.
    const auto velocity_limit = [&](std::size_t j) {
      return std::max(max_velocity[j], std::abs(moves[j].quintic[1]));
    };
    double lower_bound = 0;  // T_low
    for (std::size_t j = 0; j < n; ++j) {
      const double travel = std::max(std::abs(distance(j)) / velocity_limit(j),
                                     std::abs(moves[j].quintic[1]) / max_acceleration[j]);
      lower_bound = std::max(lower_bound, moves[j].release_duration + travel);
    }
    // max over joints of max(peak |qd| / v_max, peak |qdd| / a_max) of the quintics.
    const auto worst_ratio = [&](double candidate) {
      double worst = 0;
      for (std::size_t j = 0; j < n; ++j) {
        if (distance(j) == 0 && moves[j].quintic[1] == 0) continue;
        const double quintic_duration = candidate - moves[j].release_duration;
        if (!(quintic_duration > 0)) return std::numeric_limits<double>::infinity();
        const QuinticPeaks peaks =
            quintic_peaks(distance(j), moves[j].quintic[1], 0, quintic_duration);
        worst = std::max(worst, std::max(peaks.velocity / velocity_limit(j),
                                         peaks.acceleration / max_acceleration[j]));
      }
      return worst;
    };
    constexpr int kScanSteps = 64;  // T_low .. 1.25^64 T_low (a factor 1.6e6)
    double previous = 0, candidate = lower_bound;
    double best_duration = lower_bound, best_ratio = worst_ratio(lower_bound);
    bool admissible = best_ratio <= 1;
    for (int step = 1; step <= kScanSteps && !admissible; ++step) {
      previous = candidate;
      candidate *= 1.25;
      const double ratio = worst_ratio(candidate);
      if (ratio < best_ratio) {
        best_ratio = ratio;
        best_duration = candidate;
      }
      admissible = ratio <= 1;
    }
    if (admissible && previous > 0) {
      // worst_ratio(previous) > 1 >= worst_ratio(candidate): keep the admissible end.
      double lo = previous, hi = candidate;
      for (int iteration = 0; iteration < 128; ++iteration) {
        const double mid = 0.5 * (lo + hi);
        if (mid <= lo || mid >= hi) break;
        if (worst_ratio(mid) <= 1) {
          hi = mid;
        } else {
          lo = mid;
        }
      }
      duration = hi;
    } else if (admissible) {
      duration = lower_bound;
    } else {
      duration = best_duration;
      within_limits = false;
    }
  }

  // (q1, qd1, D, T - tr) => the quintic's coefficients: the normalised b_k over T'^k.
  for (std::size_t j = 0; j < n; ++j) {
    JointMove& move = moves[j];
    const double quintic_duration = duration - move.release_duration;
    if (!(quintic_duration > 0)) continue;
    const NormalisedQuintic quintic(distance(j), move.quintic[1], 0, quintic_duration);
    const double duration_cubed = quintic_duration * quintic_duration * quintic_duration;
    move.quintic[3] = quintic.b3 / duration_cubed;
    move.quintic[4] = quintic.b4 / (duration_cubed * quintic_duration);
    move.quintic[5] = quintic.b5 / (duration_cubed * quintic_duration * quintic_duration);
  }
  moves_.swap(moves);
  start_time_ = time;
  duration_ = duration;
  within_limits_ = within_limits;
  target_ = target;
  return Status::success();
}

void JointTrajectory::sample(double time, std::vector<double>& q, std::vector<double>& qd,
                             std::vector<double>& qdd) const {
  const std::size_t n = target_.size();
  q.resize(n);
  qd.resize(n);
  qdd.resize(n);
  const double tau = std::max(0.0, time - start_time_);
  for (std::size_t j = 0; j < n; ++j) {
    const JointMove& move = moves_[j];
    if (tau > duration_) {
      q[j] = target_[j];
      qd[j] = 0;
      qdd[j] = 0;
    } else if (tau < move.release_duration) {
      release_state(move.start_position, move.start_velocity, move.start_acceleration,
                    move.release_duration, tau, q[j], qd[j], qdd[j]);
    } else {
      const double t = tau - move.release_duration;
      const double* c = move.quintic;
      q[j] = c[0] + t * (c[1] + t * (c[2] + t * (c[3] + t * (c[4] + t * c[5]))));
      qd[j] = c[1] + t * (2 * c[2] + t * (3 * c[3] + t * (4 * c[4] + t * (5 * c[5]))));
      qdd[j] = 2 * c[2] + t * (6 * c[3] + t * (12 * c[4] + t * (20 * c[5])));
    }
  }
}

}  // namespace contactlab

// Random islands for the formulation tests: free bodies with random masses, inertias,
// poses and velocities, touching the ground and each other at random points with
// random (mostly upward) normals and distances within a millimetre, assembled into
// IslandRows exactly as the step assembles them (contact_rows.h).
#pragma once

#include <cstdint>
#include <vector>

#include "base/options.h"
#include "contact/contact_rows.h"
#include "contact/island_dynamics.h"
#include "dynamics/model.h"
#include "dynamics/rigid_body.h"
#include "test_random.h"

namespace contactlab {

struct RandomIsland {
  Model model;
  Options options;
  std::vector<DetectedContact> contacts;
  std::vector<Vec3> position;
  IslandDynamics island;
  FrictionEdgeTable edges;
  IslandRows rows;

  // `bodies` dynamic bodies (plus the static ground, body 0), `contact_count`
  // contacts, friction coefficient mu, u friction edges.
  RandomIsland(std::uint64_t seed, int bodies, int contact_count, double mu, int u = 8) {
    TestRandom random(seed);
    model.material_names = {"default"};
    model.friction_table = {FrictionPair{mu, mu}};
    model.bodies.resize(bodies + 1);
    model.geoms.resize(bodies + 1);
    model.bodies[0].is_static = true;
    for (int g = 0; g <= bodies; ++g) model.geoms[g].body = g;
    position.assign(bodies + 1, Vec3::Zero());
    island.clear(bodies + 1);
    for (int b = 1; b <= bodies; ++b) {
      Body& body = model.bodies[b];
      body.mass = random.uniform(0.2, 2.0);
      const Vec3 principal(random.uniform(0.005, 0.05), random.uniform(0.005, 0.05),
                           random.uniform(0.005, 0.05));
      const Mat3 axes = Quat(random.uniform(-1, 1), random.uniform(-1, 1), random.uniform(-1, 1),
                             random.uniform(-1, 1))
                            .normalized()
                            .toRotationMatrix();
      body.inertia = axes * principal.asDiagonal() * axes.transpose();
      position[b] = Vec3(random.uniform(-0.1, 0.1), random.uniform(-0.1, 0.1), 0.2 * b);
      const Quat orientation = Quat(random.uniform(-1, 1), random.uniform(-1, 1),
                                    random.uniform(-1, 1), random.uniform(-1, 1))
                                   .normalized();
      Vec6 velocity;
      for (int i = 0; i < 6; ++i) velocity[i] = random.uniform(-0.5, 0.5);
      velocity[2] -= 0.3;  // mostly approaching
      island.add_free_body(b, inverse_mass_at(body, orientation), velocity);
    }
    for (int c = 0; c < contact_count; ++c) {
      DetectedContact contact;
      contact.body_b = random.integer(1, bodies);
      contact.body_a = random.integer(0, contact.body_b - 1);
      contact.geom_a = contact.body_a;
      contact.geom_b = contact.body_b;
      const Vec3 normal =
          Vec3(random.uniform(-0.3, 0.3), random.uniform(-0.3, 0.3), 1).normalized();
      const Vec3 middle = 0.5 * (position[contact.body_a] + position[contact.body_b]);
      const Vec3 point = middle + Vec3(random.uniform(-0.1, 0.1), random.uniform(-0.1, 0.1),
                                       random.uniform(-0.05, 0.05));
      contact.point = ContactPoint{point, normal, random.uniform(-1e-3, 1e-3), c};
      contacts.push_back(contact);
    }
    options.friction_edges = u;
    edges.set_edge_count(u);
    std::vector<int> island_contacts;
    for (int c = 0; c < contact_count; ++c) island_contacts.push_back(c);
    assemble_contact_rows(model, options, contacts, island_contacts, position, island, edges, rows);
  }
};

}  // namespace contactlab

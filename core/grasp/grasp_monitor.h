// The grasp of the moment: which free body the robots hold, and its force closure
// and Ferrari-Canny epsilon from the last step's contacts (grasp/grasp_quality.h) -
// GraspIt!'s live grasp analysis, for the page's badge and the CLI's columns.
#pragma once

#include <vector>

#include "dynamics/model.h"
#include "grasp/grasp_quality.h"
#include "step/data.h"

namespace contactlab {

struct GraspReport {
  int object = -1;        // the grasped body, -1 when no link touches a free body
  int contact_count = 0;  // link contacts on it used for the analysis
  GraspQuality quality;
};

// The grasped object is the free body with the most touching link contacts (ties:
// the lower index). A contact counts when phi <= the contact threshold; its friction
// cone uses the static mu of its materials (or the mu option) with u edges, and their
// torsional friction mu_t (or the option's) makes it a soft finger; torques are scaled
// by the object's largest radius about its centre of mass.
GraspReport evaluate_current_grasp(const Model& model, const Options& options, const Data& data);

// The primitive wrenches of that analysis (grasp_wrenches in grasp/grasp_quality.h:
// u per frictional contact, 2 u per soft finger, contact by contact), without building
// their hull; empty
// when nothing is held. `object` is the grasped body or -1.
Status current_grasp_wrenches(const Model& model, const Options& options, const Data& data, int& object,
                              std::vector<Vec6>& wrenches);

}  // namespace contactlab

// The one place that names the formulations: Options::formulation => its implementation.
#include "formulation/compliant_formulation.h"
#include "formulation/convex_formulation.h"
#include "formulation/formulation.h"
#include "formulation/hybrid_formulation.h"
#include "formulation/lcp_formulation.h"
#include "formulation/quasistatic_formulation.h"
#include "formulation/soft_formulation.h"

namespace contactlab {

std::unique_ptr<ContactFormulation> make_formulation(const Options& options) {
  switch (options.formulation) {
    case Formulation::Lcp: return std::make_unique<LcpFormulation>();
    case Formulation::Convex: return std::make_unique<ConvexFormulation>();
    case Formulation::Soft: return std::make_unique<SoftFormulation>();
    case Formulation::Quasistatic: return std::make_unique<QuasistaticFormulation>();
    case Formulation::Compliant: return std::make_unique<CompliantFormulation>();
    case Formulation::Hybrid: return std::make_unique<HybridFormulation>();
  }
  return std::make_unique<LcpFormulation>();
}

}  // namespace contactlab

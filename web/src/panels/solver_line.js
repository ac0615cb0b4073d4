// The status line's solver field: the step's status, the fallbacks' account in
// brackets, then the contacts the step left out because no impulse can move them along
// their normals, in the core's words after "; " as the CLI's state CSV writes them
// (session/state_csv.h solver_status_text): "solver: solved; 1 contact no impulse can
// move along the normal left out". `report` is Simulation.solverReport()'s.
export function solverLine(report) {
  const fallbacks = report.message ? ` (${report.message})` : '';
  const leftOut = report.leftOut ? `; ${report.leftOut}` : '';
  return `solver: ${report.status}${fallbacks}${leftOut}`;
}

// The force-closure badge (GraspIt!'s live grasp analysis): whether the robots' grasp
// of the object they touch resists every wrench, with its Ferrari-Canny epsilon.
// Shown only while a robot touches a free body: there is no grasp to judge otherwise.
// The analysis builds a 6-D convex hull, a few milliseconds to some tens in the
// browser, so it runs once per REFRESH_MS and only for scenes with robots.
const REFRESH_MS = 1000;

export class GraspBadge {
  // onReport(report) is told every new analysis (the view marks the object's contacts).
  constructor(element, onReport = () => {}) {
    this.element = element;
    this.onReport = onReport;
    this.lastMs = -Infinity;
    this.report = null;
    this.robots = false;
  }

  // Built again for every scene the session loads.
  followSession(session) {
    session.on('loaded', () => this.build(session.simulation));
  }

  // Evaluated at once, and only for scenes with robots.
  build(simulation) {
    this.robots = simulation.articulations.length > 0;
    this.report = null;
    this.show(null);
    this.onReport(null);
    this.lastMs = -Infinity;
    this.update(simulation, performance.now(), true);
  }

  update(simulation, nowMs, force = false) {
    if (!this.robots || (!force && nowMs - this.lastMs < REFRESH_MS)) return;
    this.lastMs = nowMs;
    this.report = simulation.graspReport();
    this.show(this.report);
    this.onReport(this.report);
  }

  show(report) {
    const lit = Boolean(report?.forceClosure);
    this.element.classList.toggle('lit', lit);
    this.element.hidden = !report || report.object === null;
    if (this.element.hidden) return;
    const what = `${report.object}, ${report.contacts} contacts`;
    this.element.textContent = lit
      ? `force closure, ε = ${report.epsilon.toFixed(3)} (${what})`
      : `no force closure (${what})`;
  }
}

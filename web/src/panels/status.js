// The page's text: the scene panel (name and description), the status line, the
// legend and the error panel. The status line is rewritten a few times a second,
// not every frame.
import { MODE_COLORS } from '../view/contact_overlay.js';
import { solverLine } from './solver_line.js';

const STATUS_INTERVAL_MS = 200;
const NOTICE_MS = 2000; // how long a notice stays
const SLOW_FACTOR = 0.95; // a real-time factor below this is shown as a warning

function element(id) {
  return document.getElementById(id);
}

function formatLength(metres) {
  if (metres >= 1) return `${Number(metres.toPrecision(2))} m`;
  if (metres >= 0.01) return `${Number((100 * metres).toPrecision(2))} cm`;
  return `${Number((1000 * metres).toPrecision(2))} mm`;
}

function formatForce(newtons) {
  return newtons >= 1 ? `${newtons} N` : `${Number((1000 * newtons).toPrecision(3))} mN`;
}

export class StatusPanel {
  constructor() {
    this.sceneName = element('scene-name');
    this.sceneDescription = element('scene-description');
    this.errorPanel = element('error-panel');
    this.errorText = element('error-text');
    this.errorDetails = element('error-details');
    this.errorReason = element('error-reason');
    this.onErrorDismissed = () => {};
    this.notice = element('notice');
    this.noticeTimer = null;
    this.forceScale = element('legend-force-scale');
    this.fields = {
      time: element('status-time'),
      speed: element('status-speed'),
      contacts: element('status-contacts'),
      lcp: element('status-lcp'),
      pivots: element('status-pivots'),
      solver: element('status-solver'),
      jointError: element('status-joint-error'),
    };
    this.lastUpdateMs = -Infinity;
    element('error-close').addEventListener('click', () => {
      this.clearError();
      this.onErrorDismissed();
    });
    for (const [mode, color] of Object.entries(MODE_COLORS)) {
      element(`legend-${mode}`).style.setProperty('--swatch', color);
    }
  }

  // Follows the session (`loop`: the Loop, whose pace the status line shows): the scene
  // loaded, the time of the step the timeline shows, and every refused action.
  followSession(session, loop) {
    session.on('loaded', ({ description }) => {
      this.clearError();
      this.showScene(description);
    });
    session.on('seeked', () => this.update(session.simulation, loop, performance.now(), true));
    session.on('error', ({ context, message }) => this.showError(context, message));
  }

  showScene(description) {
    this.sceneName.textContent = description.name;
    this.sceneDescription.textContent = description.description || '';
  }

  // `context` says what was being done, e.g. "scene not loaded".
  showError(context, message) {
    this.showProblem(`${context}: ${message}`, '');
  }

  // A problem told in plain words (`sentence`), with the technical `reason`, if any,
  // folded below it.
  showProblem(sentence, reason) {
    this.errorText.textContent = sentence;
    this.errorReason.textContent = reason;
    this.errorDetails.hidden = reason === '';
    this.errorDetails.open = false;
    this.errorPanel.hidden = false;
  }

  // A short confirmation ("link copied") that goes away by itself.
  showNotice(text) {
    this.notice.textContent = text;
    this.notice.hidden = false;
    clearTimeout(this.noticeTimer);
    this.noticeTimer = setTimeout(() => {
      this.notice.hidden = true;
    }, NOTICE_MS);
  }

  clearError() {
    this.errorPanel.hidden = true;
    this.errorText.textContent = '';
    this.errorReason.textContent = '';
    this.errorDetails.hidden = true;
  }

  showForceScale(referenceForce, lengthScale) {
    this.forceScale.textContent = `${formatLength(lengthScale)} of arrow = ${formatForce(referenceForce)}`;
  }

  // Rewrites the status line at most every STATUS_INTERVAL_MS (or now if `force`).
  update(simulation, loop, nowMs, force = false) {
    if (!force && nowMs - this.lastUpdateMs < STATUS_INTERVAL_MS) return;
    this.lastUpdateMs = nowMs;
    const fields = this.fields;
    fields.time.textContent = `t = ${simulation.time.toFixed(3)} s`;

    const slow = loop.playing && (loop.behind || loop.realTimeFactor < SLOW_FACTOR);
    if (!loop.playing) {
      fields.speed.textContent = 'paused';
    } else if (slow) {
      // The warning's words are dropped in presentation mode (style.css), its colour stays.
      const note = document.createElement('span');
      note.className = 'speed-note';
      note.textContent = ': slower than real time';
      fields.speed.replaceChildren(`${loop.realTimeFactor.toFixed(2)}× real time`, note);
    } else {
      fields.speed.textContent = `${loop.realTimeFactor.toFixed(2)}× real time`;
    }
    fields.speed.classList.toggle('warning', slow);

    fields.contacts.textContent = `${simulation.contactCount} contacts`;
    const report = simulation.solverReport();
    // The LCP reports Lemke pivots; the convex formulations their solver's iterations;
    // hybrid poses no problem: its events in the last step and its integrator's steps.
    if (simulation.formulation === 'hybrid') {
      fields.lcp.textContent = `${report.events} ${report.events === 1 ? 'event' : 'events'} this step`;
      fields.pivots.textContent = `${report.iterations} integrator steps`;
    } else {
      fields.lcp.textContent = `problem size ${report.lcpSize}`;
      fields.pivots.textContent =
        report.iterations > 0 ? `${report.iterations} iterations` : `${report.pivots} pivots`;
    }
    const healthy = report.status === 'solved' || report.status === 'no contacts';
    fields.solver.textContent = solverLine(report);
    fields.solver.title = fields.solver.textContent; // cut short when presenting
    fields.solver.classList.toggle('warning', !healthy);

    // In maximal coordinates (docs/maximal_coordinates.md): how far the joints drifted.
    const maximal = simulation.getOption('coordinates') === 1;
    fields.jointError.hidden = !maximal;
    if (maximal) fields.jointError.textContent = `joint error ${simulation.jointError.toExponential(1)} (m, rad)`;
  }
}

// The step's problem, shown (docs/page.md, "The step's problem"): the problem each
// island's step posed and solved, as the core keeps it (core/formulation/
// island_problem.h): seed 002's LCP (formulation lcp, quasistatic's "lcp" problem),
//   w = M z + q >= 0,  z >= 0,  z^T w = 0  (eq. 21),
// the QP over the friction cone's rays (convex, quasistatic's "qp", soft's pyramid),
//   min 1/2 z^T (W + R) z + q^T z  s.t.  z >= 0,  whose KKT conditions are that LCP,
// or soft's elliptic cone program, min 1/2 x^T P x + c^T x over the Coulomb cones. A
// dialog: the island's matrix as a heat map with its unknowns named (lcp_heat_map.js),
// then per unknown the offset, the answer and its complementary partner side by side
// with the side of its complementarity that holds, the certificate's residuals each
// with pass or fail (lcp_certificate.js), the solver's pivots or iterations, and
// "export this problem", which saves the text `contactlab run --lcp-dump` writes for the
// same step (the Siconos format `contactlab lcp` reads; JSON for a cone program). The
// words per kind are problem_words.js's. The core copies the problems out only while
// the dialog is open (keepLcpProblems), from the next step on.
import { boxSideOf, complementarityOf, coneSideOf, problemCertificate, toleranceOf } from './lcp_certificate.js';
import { LcpHeatMap, groupOf } from './lcp_heat_map.js';
import {
  KIND_TITLES,
  absentWords,
  certificateWords,
  columnNames,
  equationWords,
  exportFileName,
  groupWords,
  matrixWords,
  summaryWords,
} from './problem_words.js';

const REFRESH_INTERVAL_MS = 250;
const MAP_SIZE_PX = 420;
const SIDE_WORDS = {
  z: 'z > 0, w = 0',
  w: 'w > 0, z = 0',
  'both zero': 'z = w = 0',
  violated: 'violated',
  open: 'x = 0, g in K* (open)',
  sticking: 'x in K, g = 0 (sticking)',
  sliding: 'x on ∂K, g on ∂K* (sliding)',
  slipping: '|τ| = c h, g against τ (slipping)',
};

function element(tag, text = '', className = '') {
  const node = document.createElement(tag);
  if (text) node.textContent = text;
  if (className) node.className = className;
  return node;
}

const number = (value, digits = 6) => (value === 0 ? '0' : value.toPrecision(digits));

export class LcpView {
  #session;
  #save;
  #island = 0;
  #lastRefreshMs = -Infinity;
  #refreshTimer = null;

  // `save(text, fileName)`: saves an exported problem. The button that shows it is the
  // page's (main.js: this dialog is a chunk of its own, made at the button's first press
  // or after the first frame).
  constructor(session, save) {
    this.#session = session;
    this.#save = save;
    this.dialog = element('dialog');
    this.dialog.id = 'lcp-view';
    this.dialog.setAttribute('aria-labelledby', 'lcp-view-title');
    this.title = element('h2', KIND_TITLES.lcp);
    this.title.id = 'lcp-view-title';
    this.heading = element('p', '', 'lcp-heading');
    this.islandSelect = element('select');
    this.islandSelect.setAttribute('aria-label', 'island');
    this.islandSelect.addEventListener('change', () => {
      this.#island = Number(this.islandSelect.value);
      this.refresh();
    });
    this.equation = element('p', equationWords({ kind: 'lcp' }), 'lcp-equation');
    this.legend = element('p', '', 'lcp-legend');
    this.message = element('p', '', 'lcp-message');
    this.canvas = element('canvas');
    this.canvas.setAttribute('role', 'img');
    this.canvas.setAttribute('aria-label', 'the matrix M as a heat map');
    this.entry = element('p', ' ', 'lcp-entry');
    this.heatMap = new LcpHeatMap(this.canvas, (text) => {
      this.entry.textContent = text || 'red: entry > 0, blue: < 0, white: 0; six decades of colour. Point at a cell.';
    });
    this.certificate = element('p', '', 'lcp-certificate');
    this.table = element('table');
    const tableBox = element('div', '', 'lcp-table');
    tableBox.append(this.table);
    const buttons = element('div', '', 'lcp-buttons');
    const step = element('button', 'single step');
    step.type = 'button';
    step.addEventListener('click', () => session.step(1));
    this.exportButton = element('button', 'export this problem');
    this.exportButton.type = 'button';
    this.exportButton.addEventListener('click', () => this.#export());
    const close = element('button', 'close');
    close.type = 'button';
    close.addEventListener('click', () => this.dialog.close());
    buttons.append(step, this.exportButton, close);
    const picture = element('div', '', 'lcp-picture');
    picture.append(this.canvas, this.entry);
    const numbers = element('div', '', 'lcp-numbers');
    numbers.append(this.certificate, tableBox);
    const body = element('div', '', 'lcp-body');
    body.append(picture, numbers);
    this.dialog.append(this.title, this.heading, this.islandSelect, this.equation, this.legend, this.message, body, buttons);
    this.dialog.addEventListener('close', () => this.#keep(false));
    document.body.append(this.dialog);

    session.on('stepped', () => this.#refreshSoon());
    session.on('seeked', () => this.refresh());
    for (const event of ['loaded', 'reset']) {
      session.on(event, () => {
        if (!this.dialog.open) return;
        this.#keep(true); // a scene load may bring a new simulation
        this.refresh();
      });
    }
  }

  get open() {
    return this.dialog.open;
  }

  show() {
    this.dialog.showModal();
    this.#keep(true);
    this.refresh();
  }

  #keep(on) {
    this.#session.simulation?.keepLcpProblems(on);
  }

  // At most every REFRESH_INTERVAL_MS while the run plays, and always after the last
  // step taken.
  #refreshSoon() {
    if (!this.dialog.open || this.#refreshTimer !== null) return;
    const wait = Math.max(0, this.#lastRefreshMs + REFRESH_INTERVAL_MS - performance.now());
    this.#refreshTimer = setTimeout(() => {
      this.#refreshTimer = null;
      this.refresh();
    }, wait);
  }

  // Shows the last step's problems, or says why there are none.
  refresh() {
    if (!this.dialog.open) return;
    this.#lastRefreshMs = performance.now();
    const simulation = this.#session.simulation;
    const scene = simulation.description?.name ?? '';
    this.heading.textContent = `${scene}, step ${simulation.stepCount}, t = ${simulation.time.toFixed(4)} s`;
    const problems = simulation.lcpProblems();
    this.#showIslands(problems);
    const problem = problems[this.#island];
    this.exportButton.disabled = !problem || problem.omittedUnknowns > 0;
    if (!problem || problem.omittedUnknowns > 0) {
      this.title.textContent = "The step's problem";
      this.message.textContent = problem ? summaryWords(problem) : absentWords(simulation.formulation);
      this.heatMap.draw(new Float64Array(0), [], MAP_SIZE_PX);
      this.certificate.textContent = '';
      this.table.replaceChildren();
      this.legend.textContent = '';
      return;
    }
    this.title.textContent = KIND_TITLES[problem.kind];
    this.equation.textContent = equationWords(problem);
    this.message.textContent = summaryWords(problem);
    const groups = new Set(problem.labels.map((label) => groupOf(label)?.[1]));
    this.legend.textContent =
      `The heat map: ${matrixWords(problem)}. ` +
      Object.entries(groupWords(problem))
        .filter(([group]) => groups.has(group))
        .map(([, words]) => words)
        .join('; ');
    this.canvas.setAttribute('aria-label', `the matrix ${matrixWords(problem)} as a heat map`);
    const values = simulation.lcpValues(this.#island);
    this.heatMap.draw(values.matrix, problem.labels, Math.min(MAP_SIZE_PX, window.innerWidth - 48));
    this.#showCertificate(problem, problemCertificate(values, problem, problem.relativeTolerance));
    this.#showTable(problem, values);
  }

  #showIslands(problems) {
    if (this.#island >= problems.length) this.#island = 0;
    const options = problems.map((problem, i) => {
      const option = element('option', `island ${problem.island} (${problem.size} unknowns)`);
      option.value = String(i);
      return option;
    });
    this.islandSelect.replaceChildren(...options);
    this.islandSelect.value = String(this.#island);
    this.islandSelect.hidden = problems.length < 2;
  }

  #showCertificate(problem, certificate) {
    this.certificate.textContent = certificateWords(problem, certificate);
    this.certificate.classList.toggle('lcp-failed', !certificate.holds);
  }

  #showTable(problem, { q, z, w }) {
    const tolerance = toleranceOf(q);
    const head = document.createElement('thead');
    const header = head.insertRow();
    for (const name of ['unknown', 'contact', ...columnNames(problem), 'holds']) header.append(element('th', name));
    const coneSides = new Map(
      (problem.cones ?? []).map(({ first, size, mu }) => [
        first,
        { size, side: coneSideOf(z.slice(first, first + size), w.slice(first, first + size), mu, tolerance) },
      ]),
    );
    const boxes = new Map((problem.boxes ?? []).map(({ unknown, bound }) => [unknown, bound]));
    let coneSide = null;
    const rows = problem.labels.map((label, i) => {
      const row = document.createElement('tr');
      const contact = /^(cn|beta|lambda|pn|pt|ps)(\d+)/.exec(label);
      const bodies = contact ? problem.contacts[Number(contact[2])] : null;
      const what = bodies ? `${bodies[0]} – ${bodies[1]}` : '';
      if (coneSides.has(i)) coneSide = { ...coneSides.get(i), end: i + coneSides.get(i).size };
      const inCone = coneSide !== null && i < coneSide.end;
      let side = inCone ? coneSide.side : complementarityOf(z[i], w[i], tolerance);
      if (boxes.has(i)) side = boxSideOf(z[i], w[i], boxes.get(i), tolerance);
      for (const text of [label, what, number(q[i], 4), number(z[i], 4), number(w[i], 4), SIDE_WORDS[side]]) {
        row.append(element('td', text));
      }
      row.className = `lcp-${side.replace(' ', '-')}`;
      return row;
    });
    const body = document.createElement('tbody');
    body.append(...rows);
    this.table.replaceChildren(head, body);
  }

  #export() {
    const simulation = this.#session.simulation;
    const problem = simulation.lcpProblems()[this.#island];
    if (!problem) return;
    const scene = simulation.description?.name ?? 'scene';
    this.#save(simulation.lcpText(this.#island), exportFileName(problem, scene, simulation.stepCount));
  }
}

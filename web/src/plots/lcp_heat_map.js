// An island problem's matrix (an LCP's M, a QP's W + R, a cone program's P) drawn as a
// heat map (plots/lcp_view.js): one cell per entry, red
// for positive, blue for negative, white for zero, on a logarithmic scale over six
// decades below the largest |M_ij| (the entries of a contact LCP span many: impulses
// of [N s] against velocities of [m/s], masses of grams and tonnes). Lines separate the
// groups of unknowns (c_n, c_l, beta, lambda, joint friction, torsion; a cone program's
// p_n, p_t), named along the
// edges; with few unknowns every row and column is named.

const DECADES = 6;
const NAMED_EACH_UP_TO = 24; // unknowns
const GROUPS = [
  ['cn', 'c_n'],
  ['cl', 'c_l'],
  ['beta', 'β'],
  ['lambda', 'λ'],
  ['tau+', 'τ+'],
  ['tau-', 'τ−'],
  ['tau', 'τ'],
  ['sigma_s', 'σ_s'],
  ['sigma', 'σ'],
  ['p+', 'p+'],
  ['p-', 'p−'],
  ['pn', 'p_n'],
  ['pt', 'p_t'],
  ['ps', 'p_s'],
  ['v+', 'v+'],
  ['v-', 'v−'],
];

// The group a label belongs to: [prefix, symbol].
export function groupOf(label) {
  return GROUPS.find(([prefix]) => label.startsWith(prefix) && /^[0-9]/.test(label.slice(prefix.length)));
}

// [red, green, blue] of `value` where |M_ij| <= scale.
export function heatColour(value, scale) {
  if (!(scale > 0) || value === 0) return [255, 255, 255];
  const floor = scale * 10 ** -DECADES;
  const strength = Math.max(0, Math.min(1, Math.log10(Math.abs(value) / floor) / DECADES));
  const fade = Math.round(255 * (1 - strength));
  return value > 0 ? [255, fade, fade] : [fade, fade, 255];
}

// Runs of equal groups: [{symbol, start, end}] over the labels.
export function groupRuns(labels) {
  const runs = [];
  labels.forEach((label, i) => {
    const symbol = groupOf(label)?.[1] ?? label;
    if (runs.length && runs.at(-1).symbol === symbol) runs.at(-1).end = i + 1;
    else runs.push({ symbol, start: i, end: i + 1 });
  });
  return runs;
}

export class LcpHeatMap {
  #labels = [];
  #matrix = null;
  #n = 0;
  #cell = 0;
  #margin = 0;

  // `canvas`: where it is drawn; `describe(text)`: shown for the entry under the pointer.
  constructor(canvas, describe) {
    this.canvas = canvas;
    canvas.addEventListener('pointermove', (event) => describe(this.#entryAt(event)));
    canvas.addEventListener('pointerleave', () => describe(''));
  }

  // Draws M (row-major n x n) with its unknowns' labels into a square of `size` CSS px.
  draw(matrix, labels, size) {
    const n = labels.length;
    this.#labels = labels;
    this.#matrix = matrix;
    this.#n = n;
    this.#margin = n <= NAMED_EACH_UP_TO ? 64 : 40;
    this.#cell = (size - this.#margin) / Math.max(1, n);
    const ratio = window.devicePixelRatio || 1;
    this.canvas.width = Math.round(size * ratio);
    this.canvas.height = Math.round(size * ratio);
    this.canvas.style.width = `${size}px`;
    this.canvas.style.height = `${size}px`;
    const context = this.canvas.getContext('2d');
    context.setTransform(ratio, 0, 0, ratio, 0, 0);
    context.clearRect(0, 0, size, size);
    if (n === 0) return;

    let scale = 0;
    for (const value of matrix) scale = Math.max(scale, Math.abs(value));
    const cells = new ImageData(n, n);
    for (let k = 0; k < n * n; k += 1) {
      const [r, g, b] = heatColour(matrix[k], scale);
      cells.data.set([r, g, b, 255], 4 * k);
    }
    const picture = document.createElement('canvas');
    picture.width = n;
    picture.height = n;
    picture.getContext('2d').putImageData(cells, 0, 0);
    context.imageSmoothingEnabled = false;
    const side = this.#cell * n;
    context.drawImage(picture, this.#margin, this.#margin, side, side);

    context.strokeStyle = '#333';
    context.lineWidth = 1;
    context.strokeRect(this.#margin, this.#margin, side, side);
    context.fillStyle = '#222';
    context.font = '12px system-ui, sans-serif';
    context.textBaseline = 'middle';
    const named = n <= NAMED_EACH_UP_TO ? labels.map((label, i) => ({ symbol: label, start: i, end: i + 1 })) : groupRuns(labels);
    for (const run of groupRuns(labels)) {
      if (run.start === 0) continue;
      const at = this.#margin + run.start * this.#cell;
      context.beginPath();
      context.moveTo(at, this.#margin);
      context.lineTo(at, this.#margin + side);
      context.moveTo(this.#margin, at);
      context.lineTo(this.#margin + side, at);
      context.stroke();
    }
    for (const { symbol, start, end } of named) {
      const middle = this.#margin + ((start + end) / 2) * this.#cell;
      if ((end - start) * this.#cell < 8 && n > NAMED_EACH_UP_TO) continue; // too narrow to name
      context.textAlign = 'right';
      context.fillText(symbol, this.#margin - 4, middle);
      context.save();
      context.translate(middle, this.#margin - 4);
      context.rotate(-Math.PI / 2);
      context.textAlign = 'left';
      context.fillText(symbol, 0, 0);
      context.restore();
    }
  }

  // "M[row, column] = value" for the cell under the pointer, or "".
  #entryAt(event) {
    if (!this.#matrix || this.#n === 0) return '';
    const rect = this.canvas.getBoundingClientRect();
    const column = Math.floor((event.clientX - rect.left - this.#margin) / this.#cell);
    const row = Math.floor((event.clientY - rect.top - this.#margin) / this.#cell);
    if (row < 0 || column < 0 || row >= this.#n || column >= this.#n) return '';
    const value = this.#matrix[row * this.#n + column];
    return `M[${this.#labels[row]}, ${this.#labels[column]}] = ${value.toPrecision(6)}`;
  }
}

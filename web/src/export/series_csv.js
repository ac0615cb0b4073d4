// The plotted series as CSV (contact_series.js): time, then each plotted curve of the
// page's simulation and, in compare mode, of its ghost, with the unit in the header.
// Numbers are written as JavaScript's shortest text that reads back as the same double;
// an empty cell is a sample without a value (no contact of the pair, or no ghost).

const COLUMNS = Object.freeze([
  ['normalForce', 'sum f_n [N]'],
  ['frictionForce', '|sum f_t| [N]'],
  ['normalVelocity', 'mean v_n [m/s]'],
  ['slipSpeed', 'max |v_t| [m/s]'],
  ['gap', 'min phi [m]'],
  ['mode', 'mode'],
]);
// PAIR_MODE's numbers (contact_series.js) as words.
const MODE_WORDS = Object.freeze(['sticking', 'sliding', 'none']);

function cell(name, value) {
  if (value === null || value === undefined) return '';
  return name === 'mode' ? MODE_WORDS[value] : String(value);
}

// The loop error's column, in scenes with loop closures.
const LOOP_COLUMN = Object.freeze(['loopError', 'loop error [m]']);

// `series`: {time, primary: {column: [...]}, twin: {...}, loops} (ContactPlots.plotted());
// `withTwin`: whether the ghost's columns are written (compare mode).
export function seriesCsv({ time, primary, twin, loops }, withTwin) {
  const sides = withTwin ? [['', primary], ['ghost ', twin]] : [['', primary]];
  const columns = loops ? [...COLUMNS, LOOP_COLUMN] : COLUMNS;
  const header = ['t [s]'];
  for (const [prefix] of sides) for (const [, label] of columns) header.push(prefix + label);
  const lines = [header.join(',')];
  for (let i = 0; i < time.length; i += 1) {
    const cells = [String(time[i])];
    for (const [, values] of sides) for (const [name] of columns) cells.push(cell(name, values[name][i]));
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

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

// `series`: {time, primary: {column: [...]}, twin: {...}} (ContactSeries.snapshot());
// `withTwin`: whether the ghost's columns are written (compare mode).
export function seriesCsv({ time, primary, twin }, withTwin) {
  const sides = withTwin ? [['', primary], ['ghost ', twin]] : [['', primary]];
  const header = ['t [s]'];
  for (const [prefix] of sides) for (const [, label] of COLUMNS) header.push(prefix + label);
  const lines = [header.join(',')];
  for (let i = 0; i < time.length; i += 1) {
    const cells = [String(time[i])];
    for (const [, columns] of sides) for (const [name] of COLUMNS) cells.push(cell(name, columns[name][i]));
    lines.push(cells.join(','));
  }
  return `${lines.join('\n')}\n`;
}

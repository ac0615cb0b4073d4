// The plotted series as CSV (web/src/export/series_csv.js): the header's columns and
// units, every number read back as the same double, empty cells for missing values,
// the ghost's columns in compare mode only, the loop error in scenes with loops only.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { seriesCsv } from '../../web/src/export/series_csv.js';

const columns = (values) => ({
  normalForce: values.map((v) => v && v * 9.81),
  frictionForce: values.map((v) => v && v / 3),
  normalVelocity: values.map((v) => v && -v * 1e-7),
  slipSpeed: values.map((v) => v && 0.1 + v),
  gap: values.map((v) => v && 5e-5 * v),
  mode: values.map((v) => (v === null ? null : v % 3)),
  loopError: values.map((v) => v && 1e-6 * v),
});

test('one row per sample, numbers exact, units in the header', () => {
  const series = { time: [0.0025, 0.005, 0.0075], primary: columns([1, null, 2]), twin: columns([null, null, null]) };
  const lines = seriesCsv(series, false).trimEnd().split('\n');
  assert.equal(lines[0], 't [s],sum f_n [N],|sum f_t| [N],mean v_n [m/s],max |v_t| [m/s],min phi [m],mode');
  assert.equal(lines.length, 4);
  const cells = lines.map((line) => line.split(','));
  assert.deepEqual(cells.slice(1).map((row) => Number(row[0])), series.time);
  assert.equal(Number(cells[1][1]), 9.81);
  assert.equal(Number(cells[3][2]), 2 / 3, 'read back as the same double');
  assert.equal(Number(cells[3][3]), -2e-7);
  assert.equal(Number(cells[1][4]), 0.1 + 1);
  assert.deepEqual(cells[1].slice(6), ['sliding']);
  assert.deepEqual(cells[3].slice(6), ['none']);
  assert.deepEqual(cells[2], ['0.005', '', '', '', '', '', ''], 'no values: empty cells');
});

test('compare mode adds the ghost\'s columns', () => {
  const series = { time: [1], primary: columns([3]), twin: columns([1]) };
  const [header, row] = seriesCsv(series, true).trimEnd().split('\n');
  const names = header.split(',');
  assert.equal(names.length, 13);
  assert.equal(names[7], 'ghost sum f_n [N]');
  assert.equal(names[12], 'ghost mode');
  assert.equal(row.split(',')[12], 'sliding');
  assert.equal(row.split(',')[6], 'sticking');
});

test('a scene with loop closures adds the loop error, also before any contact', () => {
  const noContact = { ...columns([null, null]), loopError: [1.25e-5, 3e-17] };
  const series = { time: [0.0025, 0.005], primary: noContact, twin: columns([null, null]), loops: true };
  const lines = seriesCsv(series, false).trimEnd().split('\n');
  assert.equal(lines[0].split(',').at(-1), 'loop error [m]');
  assert.deepEqual(lines[1].split(','), ['0.0025', '', '', '', '', '', '', '0.0000125']);
  assert.equal(Number(lines[2].split(',')[7]), 3e-17);
  const [header] = seriesCsv({ ...series, loops: false }, false).split('\n');
  assert.equal(header.split(',').length, 7, 'no loops: no loop column');
});

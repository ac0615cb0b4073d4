// The WebAssembly module in Node: the same scene gives the same trajectory as the
// native CLI, bit for bit, and bad input comes back as an error value.
import { test, before } from 'node:test';
import assert from 'node:assert/strict';
import { readFile, mkdtemp } from 'node:fs/promises';
import { execFileSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadContactlab } from '../support/contactlab_module.mjs';
import { nativeCli, repositoryUrl, scenePath, sceneText } from '../support/repository_files.mjs';
import { solverLine } from '../../web/src/panels/solver_line.js';

let Module;
before(async () => {
  Module = await loadContactlab();
});

// The last row of the CLI's state CSV, as numbers keyed by column.
async function nativeFinalState(scene, steps) {
  return nativeFinalStateAt(scenePath(scene), steps);
}

// The same for the scene file at `file`, its fields as the CSV writes them.
async function nativeFinalStateAt(file, steps) {
  const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-'));
  const csvPath = path.join(dir, 'state.csv');
  execFileSync(nativeCli, ['run', file, '--steps', String(steps), '--csv', csvPath]);
  const lines = (await readFile(csvPath, 'utf8')).trim().split('\n');
  const header = lines[0].split(',');
  const last = lines[lines.length - 1].split(',');
  return Object.fromEntries(header.map((name, i) => [name, last[i]]));
}

for (const [scene, steps] of [['box_stack', 400], ['stick_slip', 800], ['ball_drop', 600]]) {
  test(`${scene}: ${steps} steps in wasm equal the native CLI bit for bit`, async () => {
    const sim = new Module.Simulation();
    try {
      assert.equal(sim.loadScene(await sceneText(scene)), '');
      assert.equal(sim.step(steps), steps);
      const description = JSON.parse(sim.sceneDescription());
      const poses = Array.from(sim.bodyPoses());
      const velocities = Array.from(sim.bodyVelocities());
      const native = await nativeFinalState(scene, steps);
      assert.equal(Number(native.t), sim.time());
      let compared = 0;
      description.bodies.forEach((body, b) => {
        if (body.static) return;
        const ours = [...poses.slice(7 * b, 7 * b + 7), ...velocities.slice(6 * b, 6 * b + 6)];
        ['x', 'y', 'z', 'qw', 'qx', 'qy', 'qz', 'vx', 'vy', 'vz', 'wx', 'wy', 'wz'].forEach((field, i) => {
          // %.17g round-trips: equal strings of digits mean equal doubles.
          assert.equal(ours[i], Number(native[`${body.name}.${field}`]), `${body.name}.${field}`);
          compared += 1;
        });
      });
      assert.ok(compared >= 13);
    } finally {
      sim.delete();
    }
  });
}

// A wheel welded under a robot, in the ground, whose one contact no impulse can move
// along its normal (contact/contact_rows.h immobile_normal): every step leaves it out,
// and the module says so in the CLI's words; the page's solver field reads "solver: "
// and then the native state CSV's solver_status, word for word.
test('the contact a step left out is reported as the CLI reports it', async () => {
  const file = repositoryUrl('tests/data/welded_wheel.json').pathname;
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await readFile(file, 'utf8')), '');
    assert.equal(sim.leftOutContacts(), '');
    assert.equal(sim.step(20), 20);
    assert.equal(sim.contactCount(), 1);
    assert.equal(sim.leftOutContacts(), '1 contact no impulse can move along the normal left out');
    const native = await nativeFinalStateAt(file, 20);
    const report = { status: sim.solverStatus(), message: sim.solverMessage(), leftOut: sim.leftOutContacts() };
    assert.equal(solverLine(report), `solver: ${native.solver_status}`);
  } finally {
    sim.delete();
  }
});

test('bad input returns an error value and leaves the running scene alone', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('ball_drop')), '');
    sim.step(20);
    const time = sim.time();
    const poses = Array.from(sim.bodyPoses());

    assert.match(sim.loadScene('{"name": "broken",'), /line \d+/);
    assert.match(
      sim.loadScene('{"name": "bad", "bodies": [{"name": "b", "mass": -2, "geoms": [{"type": "sphere", "radius": 0.1}]}]}'),
      /bodies\[0\]\.mass/);
    assert.match(sim.setOption('time_step', 5), /time_step: must be between 0\.0001 and 0\.5 s/);
    assert.match(sim.setOption('friction_edges', 7), /friction_edges/);
    assert.ok(Number.isNaN(sim.getOption('no_such_option')));

    assert.equal(JSON.parse(sim.sceneDescription()).name, 'ball_drop');
    assert.equal(sim.time(), time);
    assert.deepEqual(Array.from(sim.bodyPoses()), poses);
    assert.equal(sim.getOption('time_step'), 0.0025);
    assert.equal(sim.step(3), 3);
    assert.ok(sim.time() > time);
  } finally {
    sim.delete();
  }
});

// The state CSV the page exports: the module prints its kept rows as the CLI prints
// its file, byte for byte; ranges outside the rows give nothing; the scene file with
// the options in force loads to them.
test('the state log prints the CLI\'s state CSV, and the scene file keeps the options', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('box_stack')), '');
    assert.equal(sim.stateRows(), 0, 'kept only when asked');
    sim.keepStateLog(true);
    assert.equal(sim.setOption('friction_coefficient', 0.35), '');
    sim.step(120);
    assert.equal(sim.stateRows(), 121);
    assert.equal(sim.stateRowsDropped(), 0);
    const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-'));
    const csvPath = path.join(dir, 'state.csv');
    execFileSync(nativeCli, ['run', scenePath('box_stack'), '--steps', '120', '--set', 'mu=0.35', '--csv', csvPath]);
    const rows = [sim.stateCsvRows(0, 50), sim.stateCsvRows(50, 50), sim.stateCsvRows(100, 50)].join('');
    assert.equal(sim.stateCsvHeader() + rows, await readFile(csvPath, 'utf8'));
    for (const [first, count] of [[121, 1], [-1, 5], [0, 0], [Number.NaN, 3], [0, Number.NaN]]) {
      assert.equal(sim.stateCsvRows(first, count), '', `rows ${first}, ${count}`);
    }

    const file = JSON.parse(sim.sceneFile());
    assert.equal(file.options.friction_coefficient, 0.35);
    assert.equal(file.options.formulation, 'lcp');
    const reloaded = new Module.Simulation();
    assert.equal(reloaded.loadScene(sim.sceneFile()), '');
    assert.equal(reloaded.getOption('friction_coefficient'), 0.35);
    reloaded.delete();
  } finally {
    sim.delete();
  }
});

// A scene with loop closures: the module's state CSV (with its loop_error column)
// equals the CLI's byte for byte, with Baumgarte's gains changed, and loopError() is
// the last row's loop_error; the description lists the loop.
test('four_bar: the loop_error column as the CLI prints it, and loopError()', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('four_bar')), '');
    const description = JSON.parse(sim.sceneDescription());
    assert.deepEqual(description.articulations[0].loops, [{ type: 'hinge', link_a: 'coupler', link_b: 'rocker' }]);
    sim.keepStateLog(true);
    assert.equal(sim.setOption('baumgarte_alpha', 20), '');
    assert.equal(sim.setOption('baumgarte_beta', 30), '');
    sim.step(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-'));
    const csvPath = path.join(dir, 'state.csv');
    execFileSync(nativeCli, ['run', scenePath('four_bar'), '--steps', '200', '--set', 'baumgarte_alpha=20',
      '--set', 'baumgarte_beta=30', '--csv', csvPath]);
    const text = sim.stateCsvHeader() + sim.stateCsvRows(0, 201);
    assert.equal(text, await readFile(csvPath, 'utf8'));
    const lines = text.trim().split('\n');
    const column = lines[0].split(',').indexOf('loop_error');
    assert.ok(column > 0);
    assert.equal(Number(lines[lines.length - 1].split(',')[column]), sim.loopError());
    assert.ok(sim.loopError() > 0 && sim.loopError() < 1e-3);
  } finally {
    sim.delete();
  }
});

// Maximal coordinates (docs/maximal_coordinates.md): the module's state CSV, with its
// joint_error column, equals the CLI's byte for byte (the same bits natively and in
// WebAssembly), and jointError() is the last row's joint_error; 0 in reduced
// coordinates.
test('four_bar in maximal coordinates: the joint_error column as the CLI prints it, and jointError()', async () => {
  const sim = new Module.Simulation();
  try {
    assert.equal(sim.loadScene(await sceneText('four_bar')), '');
    sim.keepStateLog(true);
    assert.equal(sim.setOption('coordinates', 1), '');
    sim.step(200);
    const dir = await mkdtemp(path.join(tmpdir(), 'contactlab-'));
    const csvPath = path.join(dir, 'state.csv');
    execFileSync(nativeCli, ['run', scenePath('four_bar'), '--steps', '200', '--set', 'coordinates=maximal', '--csv', csvPath]);
    const text = sim.stateCsvHeader() + sim.stateCsvRows(0, 201);
    assert.equal(text, await readFile(csvPath, 'utf8'));
    const lines = text.trim().split('\n');
    const column = lines[0].split(',').indexOf('joint_error');
    assert.equal(lines[0].split(',')[column - 1], 'loop_error');
    assert.equal(Number(lines[lines.length - 1].split(',')[column]), sim.jointError());
    assert.ok(sim.jointError() > 0 && sim.jointError() < 1e-4);
    assert.equal(sim.setOption('coordinates', 0), '');
    sim.step(1);
    assert.equal(sim.jointError(), 0);
  } finally {
    sim.delete();
  }
});

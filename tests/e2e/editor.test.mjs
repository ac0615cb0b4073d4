// The scene editor (docs/page.md, "The scene editor"): a box added from the panel and a
// ramp through the API, the box moved by the gizmo's mouse drag and through the API, a
// refused value (a negative mass) shown beside its field with nothing changed, undo
// and redo back to every state, play and stop, and the edited scene's link opened in a
// new page and run natively to the same poses bit for bit, as the exported scene file
// runs; a hull from an STL file and a robot added, carried by the link, the robot
// selected by a click and moved whole by the gizmo.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodeLink } from '../../web/src/link/link_codec.js';
import { csvPoses } from './cli_poses.mjs';
import { guiController, nextFrames, openLab, repositoryRoot, useLab } from './harness.mjs';

const CLI = join(repositoryRoot, 'build/native/contactlab');
const scratch = mkdtempSync(join(tmpdir(), 'contactlab-editor-'));
const env = useLab();
const SIZE = { width: 800, height: 600 };
const STEPS = 240;

// The ramp: a static 0.8 m plank tilted by 30 degrees about y (its +x end lower),
// steeper than the friction angle (mu = 0.5): the box on it slides down.
const TILT = (30 * Math.PI) / 180;
const RAMP_CENTRE = [-0.7, 0, 0.25];
const RAMP_HALF = [0.4, 0.2, 0.02];
const TILTED = [Math.cos(TILT / 2), 0, Math.sin(TILT / 2), 0];
const RAMP = { name: 'ramp', static: true, position: RAMP_CENTRE, orientation: TILTED, geoms: [{ type: 'box', half_extents: RAMP_HALF }] };
// 0.1 m above the plank's top face along its normal, 0.2 m up the slope from its centre:
// R_y(30 deg) (-0.2, 0, 0.12 + 1e-4).
const lift = RAMP_HALF[2] + 0.1 + 1e-4;
const ON_RAMP = [
  RAMP_CENTRE[0] - 0.2 * Math.cos(TILT) + lift * Math.sin(TILT),
  0,
  RAMP_CENTRE[2] + 0.2 * Math.sin(TILT) + lift * Math.cos(TILT),
];

// Presses a button of the control panel by its label, as a click does (in the page, so
// no wait for the slowly drawn view to settle).
function pressButton(page, label) {
  return page.evaluate((name) => {
    const row = [...document.querySelectorAll('#gui .lil-controller')].find((r) => r.querySelector('.lil-name')?.textContent === name);
    row.querySelector('button').click();
  }, label);
}

const state = (page) =>
  page.evaluate(() => {
    const lab = window.contactlab;
    return { scene: lab.editor.scene(), bodies: lab.bodies().map((b) => [b.name, ...b.position]), step: lab.stepCount };
  });

test('a box and a ramp are made, moved, refused, undone, played and sent by link', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=box_rest', SIZE);
  // At step 0, as undoing every edit leaves it (a slow machine may have played some).
  await page.evaluate(() => {
    window.contactlab.pause();
    window.contactlab.restart();
  });
  const states = [await state(page)];
  assert.equal(await page.evaluate(() => window.contactlab.editor.editing), false);

  // A box from the panel: on the ground, 0.4 m along x from the box there is.
  await page.locator('#gui .lil-title', { hasText: /^edit scene/ }).click();
  await pressButton(page, 'add box');
  const added = await page.evaluate(() => {
    const lab = window.contactlab;
    return { editing: lab.editor.editing, selected: lab.editor.selected, body: JSON.parse(lab.editor.scene()).bodies[2], pose: lab.bodies()[2] };
  });
  assert.equal(added.editing, true);
  assert.equal(added.selected, 'box1');
  assert.deepEqual(added.body.position, [0.4, 0, 0.1]);
  assert.deepEqual(added.pose.position, [0.4, 0, 0.1]);
  states.push(await state(page));

  // Selected by a click on it in the view (none first), then dragged by the gizmo's x
  // arrow: it moves along x only and stays on the ground.
  await page.evaluate(() => window.contactlab.editor.select(null));
  const onCanvas = async (x, y) => {
    const box = await page.locator('#viewport canvas').boundingBox();
    return [box.x + x, box.y + y];
  };
  const boxPoint = await page.evaluate(() => window.contactlab.view.bodiesOnCanvas().find((b) => b.name === 'box1'));
  await page.mouse.click(...(await onCanvas(boxPoint.x, boxPoint.y)));
  assert.equal(await page.evaluate(() => window.contactlab.editor.selected), 'box1');
  await nextFrames(page, 2); // the gizmo drawn, so that its handles are where they show
  // (the arrow's -x half: the +x half is under the control panel at this size)
  const arrow = await page.evaluate(() => window.contactlab.editor.gizmoArrow('X', -1));
  const [ax, ay] = await onCanvas(...arrow);
  const along = [arrow[0] - boxPoint.x, arrow[1] - boxPoint.y];
  const scale = 40 / Math.hypot(...along);
  await page.mouse.move(ax, ay);
  await nextFrames(page, 1);
  await page.mouse.down();
  for (let i = 1; i <= 2; i += 1) await page.mouse.move(ax + (along[0] * scale * i) / 2, ay + (along[1] * scale * i) / 2);
  await page.mouse.up();
  const dragged = await page.evaluate(() => JSON.parse(window.contactlab.editor.scene()).bodies[2].position);
  assert.ok(dragged[0] < 0.38, `dragged to x = ${dragged[0]}`);
  assert.equal(dragged[1], 0);
  assert.equal(dragged[2], 0.1, 'snapped onto the ground');
  states.push(await state(page));

  // The ramp through, then the box onto it through the API.
  assert.equal(await page.evaluate((ramp) => window.contactlab.editor.addBody(ramp), RAMP), '');
  states.push(await state(page));
  const moved = await page.evaluate(
    ([position, orientation]) => window.contactlab.editor.setBody('box1', { position, orientation }),
    [ON_RAMP, TILTED],
  );
  assert.equal(moved, '');
  const onRamp = await page.evaluate(() => window.contactlab.bodies().find((b) => b.name === 'box1'));
  onRamp.position.forEach((value, i) => assert.ok(Math.abs(value - ON_RAMP[i]) < 1e-12, `box1 on the ramp: ${onRamp.position}`));
  states.push(await state(page));

  // A negative into the panel: refused with the core's message beside the
  // mass field, and nothing changed.
  await page.evaluate(() => window.contactlab.editor.select('box1'));
  const massInput = guiController(page, 'mass [kg]').locator('input');
  await massInput.fill('-1');
  await massInput.press('Enter');
  const refused = 'bodies[2].mass: must be a finite number in (0, 1000000] kg, got -1';
  assert.equal(await page.evaluate(() => window.contactlab.editor.shownRefusal()), refused);
  const beside = await guiController(page, 'mass [kg]').evaluate((row) => row.nextElementSibling?.textContent);
  assert.equal(beside, refused);
  assert.deepEqual(await state(page), states.at(-1));
  assert.equal(await page.evaluate(() => window.contactlab.editor.setBody('box1', { mass: -1 })), refused);
  assert.deepEqual(await state(page), states.at(-1));

  // Undo back to every state and redo forward again, through the API (in one call: each
  // picture drawn takes SwiftShader a while), then once each by the keys.
  const travelled = await page.evaluate((count) => {
    const lab = window.contactlab;
    const now = () => ({ scene: lab.editor.scene(), bodies: lab.bodies().map((b) => [b.name, ...b.position]), step: lab.stepCount });
    const back = [];
    const forward = [];
    for (let i = 0; i < count; i += 1) back.push([lab.editor.undo(), now()]);
    const extraUndo = lab.editor.undo(); // nothing left to undo: changes nothing
    const linkUndone = lab.link();
    for (let i = 0; i < count; i += 1) forward.push([lab.editor.redo(), now()]);
    return { back, forward, extraUndo, linkUndone };
  }, states.length - 1);
  travelled.back.forEach(([error, reached], i) => {
    assert.equal(error, '');
    assert.deepEqual(reached, states[states.length - 2 - i], `undone to state ${states.length - 2 - i}`);
  });
  assert.equal(travelled.extraUndo, '');
  assert.deepEqual(decodeLink(travelled.linkUndone).scene, { builtin: 'box_rest' }, 'every edit undone: the built-in as shipped');
  travelled.forward.forEach(([error, reached], i) => {
    assert.equal(error, '');
    assert.deepEqual(reached, states[i + 1], `redone to state ${i + 1}`);
  });
  await page.evaluate(() => document.activeElement?.blur()); // no field has the keyboard
  await page.keyboard.press('Control+z');
  assert.deepEqual(await state(page), states.at(-2), 'Ctrl+Z');
  await page.keyboard.press('Control+Shift+Z');
  assert.deepEqual(await state(page), states.at(-1), 'Ctrl+Shift+Z');

  // Play runs the edited scene (the box slides down the ramp: checked in the link's run
  // below); stop returns to its initial state, editing again.
  await pressButton(page, 'play the edited scene');
  await page.waitForFunction(() => window.contactlab.stepCount > 0);
  assert.equal(await page.evaluate(() => window.contactlab.editor.editing), false);
  await pressButton(page, 'edit (stop at the start)');
  assert.equal(await page.evaluate(() => window.contactlab.editor.editing), true);
  assert.deepEqual(await state(page), states.at(-1));

  // "export scene" writes the edited scene (run natively below).
  const exported = join(scratch, 'exported.json');
  const [download] = await Promise.all([page.waitForEvent('download'), pressButton(page, 'scene JSON with options')]);
  await download.saveAs(exported);

  // setOption takes an option's words as --set does.
  assert.equal(await page.evaluate(() => window.contactlab.setOption('soft_cone', 'elliptic')), '');
  assert.equal(await page.evaluate(() => window.contactlab.options().soft_cone), 1);
  assert.equal(
    await page.evaluate(() => window.contactlab.setOption('soft_cone', 'round')),
    'soft_cone: must be one of pyramidal, elliptic, got "round"',
  );
  assert.equal(await page.evaluate(() => window.contactlab.setOption('soft_cone', 'pyramidal')), '');

  // The link carries the edited scene as the built-in's changes; opened in a new page
  // and run natively, it gives the same poses at every step, bit for bit.
  assert.deepEqual(page.errors, []);
  const link = await page.evaluate(() => window.contactlab.link());
  const payload = decodeLink(link);
  assert.equal(payload.scene.builtin, 'box_rest');
  assert.deepEqual(Object.keys(payload.scene.changes), ['bodies']);
  await page.close();
  const opened = await openLab(env.browser, env.server.url, link, { width: 480, height: 360 });
  await opened.evaluate(() => window.contactlab.pause());
  await opened.waitForFunction(() => window.contactlab.replayRemaining === 0);
  assert.deepEqual(JSON.parse(await opened.evaluate(() => window.contactlab.editor.scene())), JSON.parse(states.at(-1).scene));
  const inPage = await opened.evaluate((steps) => {
    const lab = window.contactlab;
    const record = () => Object.fromEntries(lab.bodies().filter((b) => !b.static).map((b) => [b.name, [...b.position, ...b.orientation]]));
    const rows = [record()];
    for (let i = 0; i < steps; i += 1) {
      lab.step(1);
      rows.push(record());
    }
    return rows;
  }, STEPS);
  // Drag to perturb: the box pressed in the view and pulled by the mouse (paused; the
  // API steps while the button is held) moves, and the link of the dragged run, which
  // holds the drag, replays natively to the same poses, bit for bit.
  const canvasBox = await opened.locator('#viewport canvas').boundingBox();
  const boxOnCanvas = await opened.evaluate(() => window.contactlab.view.bodiesOnCanvas().find((b) => b.name === 'box'));
  const [bx, by] = [canvasBox.x + boxOnCanvas.x, canvasBox.y + boxOnCanvas.y];
  const poseOf = () => window.contactlab.bodies().find((b) => b.name === 'box').position;
  const beforeDrag = await opened.evaluate(poseOf);
  await opened.mouse.move(bx, by);
  await opened.mouse.down();
  await opened.mouse.move(bx + 30, by, { steps: 2 });
  const grabbed = await opened.evaluate(() => window.contactlab.dragState()?.body ?? null);
  await opened.evaluate(() => window.contactlab.step(80));
  await opened.mouse.up();
  const dragRun = await opened.evaluate(() => {
    const lab = window.contactlab;
    lab.step(20);
    const poses = Object.fromEntries(lab.bodies().filter((b) => !b.static).map((b) => [b.name, [...b.position, ...b.orientation]]));
    return { link: lab.link(), poses, released: lab.dragState() === null };
  });
  assert.equal(grabbed, 'box');
  assert.equal(dragRun.released, true);
  const dragPayload = decodeLink(dragRun.link);
  const dragKinds = dragPayload.journal.map((action) => action[1]).filter((kind) => kind.startsWith('drag') || kind === 'release');
  assert.deepEqual([...new Set(dragKinds)], ['drag', 'drag_target', 'release']);
  const draggedBy = Math.hypot(...dragRun.poses.box.slice(0, 3).map((value, i) => value - beforeDrag[i]));
  assert.ok(draggedBy > 0.01, `the box moved ${draggedBy} m`);
  const dragCsv = join(scratch, 'dragged.csv');
  execFileSync(CLI, ['run', '--link', dragRun.link, '--steps', String(dragPayload.step), '--csv', dragCsv]);
  for (const [body, pose] of Object.entries(dragRun.poses)) assert.deepEqual(csvPoses(dragCsv).at(-1)[body], pose, `${body} dragged`);
  // A hull from an STL in millimetres (made by the import module, loaded now) and a
  // robot of the built-in scenes are added, and the link carries both.
  const additions = await opened.evaluate(async () => {
    const corner = (v) => `vertex ${v.join(' ')}`;
    const tetra = [[0, 0, 0], [50, 0, 0], [0, 50, 0], [0, 0, 50]];
    const faces = [[0, 2, 1], [0, 1, 3], [0, 3, 2], [1, 2, 3]];
    const stl = `solid t\n${faces.map((f) => `facet normal 0 0 0\nouter loop\n${f.map((i) => corner(tetra[i])).join('\n')}\nendloop\nendfacet`).join('\n')}\nendsolid t\n`;
    const editor = window.contactlab.editor;
    const hull = await editor.addHull('tetra', stl, { units: 'mm' });
    const robot = editor.addRobot('parallel_gripper', { position: [0.5, 0, 0], orientation: [1, 0, 0, 0] });
    return { hull, robot, link: window.contactlab.link() };
  });
  assert.deepEqual([additions.hull, additions.robot], ['', '']);
  const carried = decodeLink(additions.link).scene.changes;
  assert.deepEqual(carried.bodies.find((body) => body.name === 'tetra').geoms[0].vertices.length, 4);
  assert.deepEqual(carried.articulations[0].links.map((link) => link.name), ['gripper_hand', 'gripper_left', 'gripper_right']);
  // The robot selected whole by a click on its hand, then moved by the gizmo's x arrow:
  // one edit of its root joint's origin, along x only.
  const openedCanvas = await opened.locator('#viewport canvas').boundingBox();
  const hand = await opened.evaluate(() => window.contactlab.view.bodiesOnCanvas().find((b) => b.name === 'gripper_hand'));
  await opened.mouse.click(openedCanvas.x + hand.x, openedCanvas.y + hand.y);
  await nextFrames(opened, 2);
  const handle = await opened.evaluate(() => [window.contactlab.editor.selected, window.contactlab.editor.gizmoArrow('X', -1)]);
  const towards = [handle[1][0] - hand.x, handle[1][1] - hand.y].map((value, _, all) => (40 * value) / Math.hypot(...all));
  await opened.mouse.move(openedCanvas.x + handle[1][0], openedCanvas.y + handle[1][1]);
  await nextFrames(opened, 1);
  await opened.mouse.down();
  for (let i = 1; i <= 2; i += 1) await opened.mouse.move(openedCanvas.x + handle[1][0] + (towards[0] * i) / 2, openedCanvas.y + handle[1][1] + (towards[1] * i) / 2);
  await opened.mouse.up();
  const robotMoved = await opened.evaluate(() => [window.contactlab.editor.robotPose('gripper').position, window.contactlab.editor.history().undoLabel]);
  assert.deepEqual([handle[0], robotMoved[0][0] < 0.49, robotMoved[0][1], robotMoved[1]], ['gripper', true, 0, 'move gripper'], JSON.stringify(robotMoved));
  assert.deepEqual(opened.errors, []);
  await opened.close();
  const csv = join(scratch, 'edited.csv');
  execFileSync(CLI, ['run', '--link', link, '--steps', String(STEPS), '--csv', csv]);
  const native = csvPoses(csv);
  assert.equal(native.length, inPage.length);
  native.forEach((row, step) => {
    for (const [body, pose] of Object.entries(row)) assert.deepEqual(inPage[step][body], pose, `${body} at step ${step}`);
  });
  assert.ok(native.at(-1).box1[0] > ON_RAMP[0] + 0.01, 'the linked run slides too');
  const fromFile = join(scratch, 'exported.csv');
  execFileSync(CLI, ['run', exported, '--steps', String(STEPS), '--csv', fromFile]);
  assert.equal(readFileSync(fromFile, 'utf8'), readFileSync(csv, 'utf8'), 'the exported scene runs as the link does');
});

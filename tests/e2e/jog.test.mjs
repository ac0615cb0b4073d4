// The Cartesian jog and the wrench-space inset in the page, on barrett_phone: the
// robot panel's jog buttons move the hand's frame in a straight line with its
// orientation kept, refused jogs show in the error panel, and after the dynamic grasp
// the inset draws the grasp wrench space's force projection (and, at a toggle, the
// torque projection). Saves test-artifacts/wrench_space.png.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { after, before, test } from 'node:test';
import {
  artifactsDirectory,
  gripperSceneJson,
  guiController,
  launchBrowser,
  nextFrames,
  openLab,
  startServer,
} from './harness.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openLab(browser, server.url, '?scene=box_rest', { width: 1100, height: 760 });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// barrett_phone with only its first command (the arm moves over the handset and
// holds), paused, 1.5 s in.
async function loadArmOverHandset() {
  const error = await page.evaluate(() => {
    const scene = JSON.parse(window.contactlab.builtinScene('barrett_phone'));
    scene.timeline = scene.timeline.slice(0, 1);
    const loaded = window.contactlab.loadScene(scene);
    window.contactlab.pause();
    window.contactlab.step(600);
    return loaded;
  });
  assert.equal(error, '');
  await nextFrames(page);
}

const palm = () => page.evaluate(() => window.contactlab.linkPose('palm'));

// The angle between two unit quaternions [w, x, y, z] [rad].
function rotationAngle(a, b) {
  const dot = Math.abs(a.reduce((sum, value, i) => sum + value * b[i], 0));
  return 2 * Math.acos(Math.min(1, dot));
}

test('the gripper (no arm) has no jog buttons', async () => {
  assert.equal(await page.evaluate((text) => window.contactlab.loadScene(text), await gripperSceneJson()), '');
  assert.equal(await page.locator('.robot-panel').isVisible(), true);
  assert.equal(await page.locator('.cartesian-jog').count(), 0);
});

test('the jog buttons move the hand 5 cm up with its orientation kept', async () => {
  await loadArmOverHandset();
  const jog = page.locator('.cartesian-jog');
  assert.equal(await jog.count(), 1);
  assert.equal(await guiController(page, 'jog link').locator('select').inputValue(), 'palm', 'the hand by default');
  await guiController(page, 'jog step').locator('select').selectOption('5 cm');
  const start = await palm();
  await jog.getByRole('button', { name: '+z', exact: true }).click();
  await page.evaluate(() => window.contactlab.step(800)); // 2 s; the jog takes 0.94 s
  const end = await palm();
  const moved = end.position.map((value, i) => value - start.position[i]);
  [0, 0, 0.05].forEach((expected, i) => assert.ok(Math.abs(moved[i] - expected) < 1e-3, `moved ${moved} m`));
  assert.ok(rotationAngle(start.orientation, end.orientation) < 1e-3, 'orientation kept');

  // -x with the 1 cm step, twice in a row: the jogs add up.
  await guiController(page, 'jog step').locator('select').selectOption('1 cm');
  await jog.getByRole('button', { name: '-x', exact: true }).click();
  await jog.getByRole('button', { name: '-x', exact: true }).click();
  await page.evaluate(() => window.contactlab.step(600));
  const back = await palm();
  const movedX = back.position[0] - end.position[0];
  assert.ok(Math.abs(movedX + 0.02) < 1e-3, `x moved ${movedX} m`);
  await page.waitForFunction(
    (x) => new RegExp(`^palm at \\(${x}, `).test(document.querySelector('.jog-readout').textContent),
    back.position[0].toFixed(3),
  );
  assert.equal(await page.locator('#error-panel').isVisible(), false);
  assert.deepEqual(page.errors, []);
});

test('a refused jog is shown in the error panel and changes nothing', async () => {
  await loadArmOverHandset();
  const joints = () => page.evaluate(() => window.contactlab.joints().map((joint) => joint.goal));
  const before = await joints();
  const refused = await page.evaluate(() => window.contactlab.jog('palm', 0, 0, 0.5));
  assert.match(refused, /^dz: must be finite and within \[-0\.2, 0\.2\] m, got 0\.5$/);
  assert.match(await page.locator('#error-text').textContent(), /^jog refused: dz: .*\[-0\.2, 0\.2\] m/);
  assert.match(await page.evaluate(() => window.contactlab.jog('f1_distal', 0, 0, 0.01)), /belongs to the hand/);
  assert.deepEqual(await joints(), before);
  await page.locator('#error-close').click();
});

// Seed 002 Figure 3's dynamic grasp (the scene's own timeline): once the badge has
// refreshed with the handset held, the inset shows the convex hull of the wrenches'
// force parts around the origin, drawn on its canvas; the toggle shows the torques.
test('after the dynamic grasp the inset draws the wrench space\'s projections', async () => {
  await guiController(page, 'scene').locator('select').selectOption('barrett_phone');
  await page.evaluate(() => window.contactlab.pause());
  const inset = page.locator('#wrench-space');
  await page.waitForFunction(() => window.contactlab.view.wrenchSpace().shown === false);
  assert.equal(await inset.isVisible(), false, 'hidden while nothing is held');
  await page.evaluate(() => window.contactlab.step(1840)); // to 4.6 s
  await page.waitForFunction(() => window.contactlab.view.wrenchSpace().shown, null, { timeout: 5000 });
  assert.equal(await inset.isVisible(), true);

  const { grasp, wrenches, edges } = await page.evaluate(() => ({
    grasp: window.contactlab.grasp(),
    wrenches: window.contactlab.graspWrenches().length,
    edges: window.contactlab.options().friction_edges,
  }));
  assert.equal(wrenches, grasp.contacts * edges, 'u wrenches per contact');
  const forces = await page.evaluate(() => window.contactlab.view.wrenchSpace());
  assert.equal(forces.projection, 'force');
  assert.equal(forces.wrenches, wrenches);
  assert.equal(forces.dimension, 3);
  assert.ok(forces.hullVertices >= 4 && forces.hullVertices <= wrenches, `${forces.hullVertices} hull vertices`);
  assert.equal(forces.originInside, true, 'force closure needs the origin inside the force projection');
  assert.ok((await drawnPixels()) > 500, 'the inset canvas shows the hull');
  assert.match(
    await page.locator('#wrench-space-caption').textContent(),
    /^forces \(fx, fy, fz\): \d+ wrenches, hull of \d+; origin inside/,
  );

  await inset.getByRole('button', { name: 'torques', exact: true }).click();
  const torques = await page.evaluate(() => window.contactlab.view.wrenchSpace());
  assert.equal(torques.projection, 'torque');
  assert.ok(torques.hullVertices >= 4, `${torques.hullVertices} hull vertices`);
  assert.ok((await drawnPixels()) > 500, 'the inset canvas shows the torque hull');
  await mkdir(artifactsDirectory, { recursive: true });
  await page.screenshot({ path: join(artifactsDirectory, 'wrench_space.png') });
  await inset.getByRole('button', { name: 'forces', exact: true }).click();
  assert.deepEqual(page.errors, []);
});

// Pixels of the inset canvas that differ from its white background.
function drawnPixels() {
  return page.evaluate(() => {
    const canvas = document.getElementById('wrench-space-canvas');
    const copy = document.createElement('canvas');
    copy.width = canvas.width;
    copy.height = canvas.height;
    const context = copy.getContext('2d');
    context.drawImage(canvas, 0, 0);
    const { data } = context.getImageData(0, 0, copy.width, copy.height);
    let drawn = 0;
    for (let i = 0; i < data.length; i += 4) {
      if (data[i] < 235 || data[i + 1] < 235 || data[i + 2] < 235) drawn += 1;
    }
    return drawn;
  });
}

// The keyboard (docs/page.md, Keyboard): each shortcut does what the help overlay says
// (space, ., ",", r, v, f, c, p, ?, Escape), none fires while a box has the keyboard, and
// Tab reaches every control of the page, each with an accessible name.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { nextFrames, openLab, useLab } from './harness.mjs';

const env = useLab();

const state = (page) =>
  page.evaluate(() => {
    const lab = window.contactlab;
    return {
      playing: lab.playing,
      steps: lab.stepCount,
      mu: lab.options().friction_coefficient,
      camera: lab.view.camera(),
      followed: lab.view.followed(),
      keeping: lab.view.keepingAction(),
      presenting: lab.view.presenting(),
      help: document.getElementById('help').open,
    };
  });

// The same target and the same direction from it (the distance depends on the panels
// shown at the time).
function assertSameFraming(actual, expected, what) {
  const direction = (camera) => {
    const d = camera.slice(0, 3).map((v, i) => v - camera[i + 3]);
    return d.map((v) => v / Math.hypot(...d));
  };
  const [a, b] = [direction(actual), direction(expected)];
  for (let i = 0; i < 3; i += 1) {
    assert.ok(Math.abs(actual[i + 3] - expected[i + 3]) < 1e-6, `${what}: target ${actual.slice(3)} vs ${expected.slice(3)}`);
    assert.ok(Math.abs(a[i] - b[i]) < 1e-6, `${what}: direction ${a} vs ${b}`);
  }
}

test('every shortcut does what it says', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=brick_slide', { width: 1024, height: 700 });
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.server.url });
  await page.evaluate(() => window.contactlab.setOption('friction_coefficient', 0.3));

  await page.keyboard.press(' ');
  assert.equal((await state(page)).playing, false, 'space pauses');
  await page.keyboard.press(' ');
  assert.equal((await state(page)).playing, true, 'space plays');

  const before = await state(page);
  await page.keyboard.press('.');
  const stepped = await state(page);
  assert.equal(stepped.playing, false, '. pauses');
  await page.keyboard.press('.');
  assert.equal((await state(page)).steps, stepped.steps + 1, '. takes one step');
  await page.keyboard.press(',');
  assert.equal((await state(page)).steps, stepped.steps, ', takes one step back');
  assert.ok(before.steps >= 0);

  await page.keyboard.press('r');
  const restarted = await state(page);
  assert.equal(restarted.steps, 0, 'r restarts');
  assert.equal(restarted.mu, 0.3, 'r keeps the options');

  const box = await page.locator('#viewport canvas').boundingBox();
  await page.mouse.move(box.x + 450, box.y + 350);
  await page.mouse.down();
  await page.mouse.move(box.x + 600, box.y + 250, { steps: 8 });
  await page.mouse.up();
  await nextFrames(page, 20);
  const orbited = await state(page);
  assert.ok(Math.hypot(...orbited.camera.slice(0, 3).map((v, i) => v - restarted.camera[i])) > 0.05, 'the drag orbits');
  await page.keyboard.press('v');
  await nextFrames(page, 2);
  assertSameFraming((await state(page)).camera, restarted.camera, 'v frames the scene as on load');

  assert.equal((await state(page)).keeping, true, 'v follows the action again after the drag stopped it');
  await page.keyboard.press('f');
  assert.equal((await state(page)).keeping, false, 'f stops following');
  await page.keyboard.press('f');
  assert.equal((await state(page)).keeping, true, 'f again follows the action');
  assert.equal((await state(page)).followed, null, 'the action, not one body');

  await page.keyboard.press('c');
  await page.waitForFunction(() => document.getElementById('notice').textContent === 'link copied');
  const copied = await page.evaluate(() => navigator.clipboard.readText());
  assert.equal(copied, await page.evaluate(() => window.location.href));
  assert.match(copied, /#v1\./);

  await page.keyboard.press('p');
  assert.equal((await state(page)).presenting, true, 'p: presentation mode');
  assert.equal(await page.evaluate(() => document.body.classList.contains('present')), true);
  await page.keyboard.press('p');
  assert.equal((await state(page)).presenting, false, 'p again: back');

  await page.keyboard.press('?');
  assert.equal((await state(page)).help, true, '? opens the help');
  const listed = await page.locator('#help kbd').allTextContents();
  assert.deepEqual(listed, ['space', '.', ',', 'r', 'v', 'f', 'c', 'p', '←', '→', '↑', '↓', '+', '=', '-', '?', 'Esc']);
  await page.keyboard.press('r');
  assert.equal((await state(page)).steps, 0, 'no shortcut but ? while the help is open');
  await page.keyboard.press('Escape');
  assert.equal((await state(page)).help, false, 'Escape closes the help');

  // A box with the keyboard takes the keys as text.
  const box2 = page.locator('#gui .lil-controller', { hasText: 'friction μ' }).locator('input').first();
  await page.evaluate(() => window.contactlab.step(5));
  await box2.focus();
  await box2.press('r');
  await box2.press(' ');
  const typing = await state(page);
  assert.equal(typing.steps, 5, 'r in a box does not restart');
  assert.equal(typing.playing, false, 'space in a box does not play');
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The camera's keys: orbit about the target (distance kept), zoom (target kept), pan
// (direction kept); the first stops following the action, as a mouse orbit does; on a
// focused slider the arrows move the slider instead.
test('the arrows orbit, Shift and the arrows pan, + and - zoom', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=box_rest', { width: 1024, height: 700 });
  await page.evaluate(() => window.contactlab.pause());
  await nextFrames(page, 2);
  const camera = async () => (await state(page)).camera;
  const offset = (c) => c.slice(0, 3).map((v, i) => v - c[i + 3]);
  const length = (v) => Math.hypot(...v);
  const near = (a, b, tolerance, what) => assert.ok(Math.abs(a - b) <= tolerance, `${what}: ${a} vs ${b}`);
  const start = await camera();
  assert.equal((await state(page)).keeping, true, 'the action is followed on load');

  await page.keyboard.press('ArrowLeft');
  const left = await camera();
  assert.equal((await state(page)).keeping, false, 'an arrow stops following the action');
  for (let i = 3; i < 6; i += 1) near(left[i], start[i], 1e-9, 'orbit keeps the target');
  near(length(offset(left)), length(offset(start)), 1e-9, 'orbit keeps the distance');
  near(offset(left)[2], offset(start)[2], 1e-9, 'left-right orbit keeps the height');
  const horizontal = (v) => Math.atan2(v[1], v[0]);
  near(Math.abs(horizontal(offset(left)) - horizontal(offset(start))), (5 * Math.PI) / 180, 1e-9, 'by 5 degrees');

  await page.keyboard.press('ArrowUp');
  assert.ok(offset(await camera())[2] > offset(left)[2], 'up looks from higher');
  const beforeZoom = await camera();
  await page.keyboard.press('+');
  const zoomed = await camera();
  near(length(offset(zoomed)), 0.85 * length(offset(beforeZoom)), 1e-9, '+ comes closer by 0.85');
  await page.keyboard.press('-');
  near(length(offset(await camera())), length(offset(beforeZoom)), 1e-9, '- backs away as far');

  const beforePan = await camera();
  await page.keyboard.press('Shift+ArrowRight');
  const panned = await camera();
  const shift = [3, 4, 5].map((i) => panned[i] - beforePan[i]);
  near(length(shift), 0.05 * length(offset(beforePan)), 1e-9, 'a pan moves the target by 5 % of the distance');
  for (let i = 0; i < 3; i += 1) near(offset(panned)[i], offset(beforePan)[i], 1e-9, 'a pan keeps the direction');

  const slider = page.locator('#gui .lil-controller', { hasText: 'friction μ' }).locator('input').first();
  await slider.focus();
  const focused = await camera();
  await page.keyboard.press('ArrowLeft');
  const after = await camera();
  after.forEach((v, i) => near(v, focused[i], 1e-9, 'an arrow on a focused control leaves the camera'));
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('Tab reaches every control, and every control has an accessible name', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=barrett_phone', { width: 800, height: 600 });
  await page.evaluate(() => {
    window.contactlab.pause();
    for (const title of document.querySelectorAll('#gui .lil-gui.lil-closed > .lil-title')) title.click();
  });
  await page.waitForTimeout(500); // lil-gui's folder transition
  const controls = await page.evaluate(() => {
    const selector = 'button, a[href], input, select, textarea, [tabindex]';
    const focusable = [...document.querySelectorAll(selector)].filter(
      (element) =>
        element.tabIndex >= 0 && !element.disabled && element.checkVisibility() && !element.closest('dialog:not([open])'),
    );
    const nameOf = (element) => {
      const labelledBy = element.getAttribute('aria-labelledby');
      const byId = (labelledBy ?? '')
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent ?? '')
        .join(' ');
      return (element.getAttribute('aria-label') || byId || element.textContent || element.title || '').trim();
    };
    window.focusables = focusable;
    return focusable.map((element) => ({ tag: element.tagName, name: nameOf(element) }));
  });
  const unnamed = controls.filter(({ name }) => name === '');
  assert.deepEqual(unnamed, [], 'controls without an accessible name');

  await page.evaluate(() => document.activeElement?.blur());
  const reached = new Set();
  for (let press = 0; press < controls.length + 5; press += 1) {
    await page.keyboard.press('Tab');
    const index = await page.evaluate(() => window.focusables.indexOf(document.activeElement));
    if (index >= 0) reached.add(index);
  }
  const missed = controls.filter((_, i) => !reached.has(i));
  console.log(`Tab: ${reached.size} of ${controls.length} focusable controls reached (barrett_phone, every folder open)`);
  assert.deepEqual(missed, []);
  await page.close();
});

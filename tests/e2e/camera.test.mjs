// The camera (docs/page.md, View): on load it frames every built-in scene so that each
// moving body is drawn inside the canvas and under no panel (the loop error's plot
// showing in the scenes with loop closures only); following the action (on by
// default) keeps a sliding body in view where the fixed framing loses it; the followed
// body goes into the link and comes back when the link opens; a camera the user moved
// goes into the link, a followed action does not.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeLink, encodeLink } from '../../web/src/link/link_codec.js';
import { measurePanels, nextFrames, openLab, panelsOnScreen, pickSceneInPage, underPanel, useLab } from './harness.mjs';

const SIZE = { width: 1280, height: 720 };
// The link tests need no picture: a small window draws faster in software.
const LINK_SIZE = { width: 640, height: 480 };

const env = useLab();

// Every moving body's drawn position: inside the canvas and under which panel, if any.
async function placeOfMovingBodies(page) {
  await nextFrames(page, 3);
  const { panels, width, height } = await measurePanels(page);
  const bodies = await page.evaluate(() => window.contactlab.view.bodiesOnCanvas().filter((body) => !body.static));
  return bodies.map(({ name, x, y }) => ({
    name,
    x: Math.round(x),
    y: Math.round(y),
    inside: x >= 0 && x <= width && y >= 0 && y <= height,
    under: underPanel(panels, x, y)?.id ?? null,
  }));
}

test('on load every moving body of every built-in scene is drawn in the canvas, under no panel', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=box_rest', SIZE);
  await page.evaluate(() => window.contactlab.pause());
  // Each scene is chosen in the picker and measured at once, all in one call: a load
  // frames the camera before it returns (main.js, on 'loaded'), and drawing each
  // scene in between would only make the test slower.
  const scenes = await page.evaluate((sources) => {
    const [panelsOnScreen, pickSceneInPage] = sources.map((source) => new Function(`return (${source})`)());
    const lab = window.contactlab;
    return lab.sceneNames.map((name) => {
      pickSceneInPage(name);
      return {
        name,
        loaded: lab.sceneName,
        bodies: lab.view.bodiesOnCanvas().filter((body) => !body.static),
        screen: panelsOnScreen(),
        loops: lab.plotSeries().loops,
        loopPlotShown: document.querySelector('#plot-loop-error-figure').checkVisibility(),
      };
    });
  }, [panelsOnScreen.toString(), pickSceneInPage.toString()]);
  let bodies = 0;
  const withLoops = [];
  for (const { name, loaded, bodies: placed, screen, loops, loopPlotShown } of scenes) {
    assert.equal(loaded, name, 'the picker loaded the scene');
    // The loop error's plot is shown in the scenes with loop closures only.
    assert.equal(loopPlotShown, loops, `${name}: loop error plot`);
    if (loops) withLoops.push(name);
    for (const { name: body, x, y } of placed) {
      const at = `${name}: ${body} drawn at (${Math.round(x)}, ${Math.round(y)})`;
      assert.ok(x >= 0 && x <= screen.width && y >= 0 && y <= screen.height, `${at}, outside the canvas`);
      assert.equal(underPanel(screen.panels, x, y)?.id ?? null, null, `${at}, under a panel`);
    }
    bodies += placed.length;
  }
  assert.deepEqual(withLoops, ['four_bar', 'linkage_gripper']);
  assert.deepEqual(page.errors, []);
  console.log(`framing: ${bodies} moving bodies of ${scenes.length} scenes, all in the canvas and under no panel`);
  await page.close();
});

// Waits until the camera has caught up with the action (it glides with a lag of
// 0.25 s): two readings 0.1 s apart within 1e-6 m, at most 5 s.
// Settled: unchanged over five drawn frames (not over a wall-clock wait, which a loaded
// machine may fill without drawing a frame, so that a camera still on its way looks still).
async function cameraSettled(page) {
  let last = null;
  for (let wait = 0; wait < 200; wait += 1) {
    const camera = await page.evaluate(() => window.contactlab.view.camera());
    if (last && camera.every((v, i) => Math.abs(v - last[i]) < 1e-6)) return;
    last = camera;
    await nextFrames(page, 5);
  }
  assert.fail('the camera did not settle within 1000 frames');
}

// Where `body` is drawn after 3 s of sliding with low friction, with follow turned off
// (f) and then, restarted on the same page, following the action again (v).
async function slideFor3s(scene, body, mu) {
  const page = await openLab(env.browser, env.server.url, `?scene=${scene}`, SIZE);
  const slide = async (follow) => {
    await page.evaluate(
      ({ mu, follow }) => {
        const lab = window.contactlab;
        lab.pause();
        lab.restart();
        lab.setOption('friction_coefficient', mu);
        const key = follow ? 'v' : 'f';
        if (lab.view.keepingAction() !== follow) window.dispatchEvent(new KeyboardEvent('keydown', { key }));
        lab.step(Math.round(3 / lab.options().time_step));
      },
      { mu, follow },
    );
    assert.equal(await page.evaluate(() => window.contactlab.view.keepingAction()), follow);
    if (follow) await cameraSettled(page);
    const placed = (await placeOfMovingBodies(page)).find((b) => b.name === body);
    const moved = await page.evaluate((name) => window.contactlab.bodies().find((b) => b.name === name).position, body);
    return { ...placed, moved };
  };
  const fixed = await slide(false);
  const followed = await slide(true);
  assert.deepEqual(followed.moved, fixed.moved, 'the restarted run slid the same way');
  await page.close();
  return { fixed, followed };
}

test('follow keeps the sliding brick and the incline box in view; the fixed framing loses them', async () => {
  for (const [scene, body, mu] of [
    ['brick_slide', 'brick', 0.05],
    ['incline', 'box', 0],
  ]) {
    const { fixed, followed } = await slideFor3s(scene, body, mu);
    console.log(
      `${scene} (mu = ${mu}), ${body} after 3 s at x = ${fixed.moved[0].toFixed(2)} m: ` +
        `without follow drawn at (${fixed.x}, ${fixed.y})${fixed.under ? ` under ${fixed.under}` : ''}, ` +
        `with follow at (${followed.x}, ${followed.y})`,
    );
    assert.ok(!fixed.inside || fixed.under !== null, `${scene}: without follow the ${body} is still in view`);
    assert.ok(followed.inside && followed.under === null, `${scene}: with follow the ${body} left the view`);
  }
});

test('a scene that names its action gets a close-up once it runs: Fig. 3 hand and handset', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=barrett_phone', SIZE);
  // The page may have taken its first steps (and so begun the close-up) before the pause
  // reaches it: the restart takes it back to the framing of the scene's initial state.
  await page.evaluate(() => {
    window.contactlab.pause();
    window.contactlab.restart();
  });
  await nextFrames(page, 2);
  const distance = (c) => Math.hypot(c[0] - c[3], c[1] - c[4], c[2] - c[5]);
  const onLoad = await page.evaluate(() => window.contactlab.view.camera());
  const framed = distance(onLoad);
  await page.evaluate(() => window.contactlab.step(1200)); // 3 s: the fingers hold the handle
  await cameraSettled(page);
  const close = distance(await page.evaluate(() => window.contactlab.view.camera()));
  const placed = await placeOfMovingBodies(page);
  for (const name of ['handset', 'palm']) {
    const body = placed.find((b) => b.name === name);
    assert.ok(body.inside && body.under === null, `${name} drawn at (${body.x}, ${body.y}) under ${body.under}`);
  }
  console.log(`barrett_phone close-up: the camera from ${framed.toFixed(2)} m to ${close.toFixed(2)} m`);
  assert.ok(close < 0.5 * framed, `the camera came in from ${framed} m to ${close} m`);
  // A restart frames the whole scene again: the first one's target, and the distance of a
  // whole-scene framing (which follows the panels shown, the grasp's inset gone).
  await page.evaluate(() => window.contactlab.restart());
  await nextFrames(page, 2);
  const restarted = await page.evaluate(() => window.contactlab.view.camera());
  for (let i = 3; i < 6; i += 1) assert.ok(Math.abs(restarted[i] - onLoad[i]) < 1e-9, `restart: target ${restarted}`);
  assert.ok(distance(restarted) > 0.8 * framed, `restart: the camera at ${distance(restarted)} m, framed at ${framed} m`);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the followed body goes into the link and is followed again when the link opens', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=brick_slide', LINK_SIZE);
  await page.evaluate(() => window.contactlab.pause());
  assert.equal(decodeLink(await page.evaluate(() => window.contactlab.link())).view, undefined, 'the action: no view');
  await page.locator('#gui .lil-controller', { hasText: 'follow body' }).locator('select').selectOption('brick');
  const link = await page.evaluate(() => window.contactlab.link());
  assert.equal(decodeLink(link).view.follow, 'brick');
  await page.close();

  const opened = await openLab(env.browser, env.server.url, link, LINK_SIZE);
  assert.equal(await opened.evaluate(() => window.contactlab.view.followed()), 'brick');
  assert.equal(await opened.evaluate(() => document.getElementById('error-panel').hidden), true);
  assert.deepEqual(opened.errors, []);
  await opened.close();
});

test('a camera the user moved goes into the link; the page that opens it does not follow', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=brick_slide', LINK_SIZE);
  await page.evaluate(() => window.contactlab.pause());
  await page.keyboard.press('ArrowLeft');
  const link = await page.evaluate(() => window.contactlab.link());
  const sent = await page.evaluate(() => window.contactlab.view.camera());
  const { camera } = decodeLink(link).view;
  camera.forEach((v, i) => assert.ok(Math.abs(v - sent[i]) <= 1e-3 * Math.max(1, Math.abs(sent[i])), `camera[${i}]`));
  await page.close();

  const opened = await openLab(env.browser, env.server.url, link, LINK_SIZE);
  assert.equal(await opened.evaluate(() => window.contactlab.view.keepingAction()), false);
  const received = await opened.evaluate(() => window.contactlab.view.camera());
  received.forEach((v, i) => assert.ok(Math.abs(v - camera[i]) < 1e-9, `opened camera[${i}]: ${v} vs ${camera[i]}`));
  assert.deepEqual(opened.errors, []);
  await opened.close();
});

test('an incline is drawn with the horizontal and its angle; level ground is not', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=incline', LINK_SIZE);
  const inclines = await page.evaluate(() => window.contactlab.view.inclines());
  assert.equal(inclines.length, 1);
  assert.equal(inclines[0].body, 'ground');
  assert.ok(Math.abs(inclines[0].degrees - 20) < 1e-9, `the incline's angle: ${inclines[0].degrees}`);
  await page.evaluate(pickSceneInPage, 'box_rest');
  assert.deepEqual(await page.evaluate(() => window.contactlab.view.inclines()), []);
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('the plotted pair goes into the link and is plotted again when the link opens', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=stick_slip', LINK_SIZE);
  await page.evaluate(() => window.contactlab.pause());
  await page.evaluate(() => {
    const lab = window.contactlab;
    while (lab.plotPairs().length < 2) lab.step(20);
  });
  assert.equal(decodeLink(await page.evaluate(() => window.contactlab.link())).view?.plot, undefined, 'the default pair is not written');
  const second = await page.evaluate(() => window.contactlab.plotPairs()[1]);
  assert.equal(await page.evaluate((key) => window.contactlab.selectPlotPair(key), second.key), '');
  const link = await page.evaluate(() => window.contactlab.link());
  const plot = decodeLink(link).view.plot;
  assert.equal(plot.length, 2);
  await page.close();

  const opened = await openLab(env.browser, env.server.url, link, LINK_SIZE);
  await opened.waitForFunction(() => window.contactlab.replayRemaining === 0);
  assert.deepEqual(await opened.evaluate(() => window.contactlab.plotSeries().choice), second);
  assert.deepEqual(decodeLink(await opened.evaluate(() => window.contactlab.link())).view.plot, plot);
  assert.deepEqual(opened.errors, []);
  await opened.close();

  // A pair naming a body the scene lacks: the scene opens and the error says which.
  const bad = encodeLink({ scene: { builtin: 'stick_slip' }, view: { plot: ['ramp', 'anvil'] } });
  const refused = await openLab(env.browser, env.server.url, bad, LINK_SIZE);
  await refused.waitForFunction(() => !document.getElementById('error-panel').hidden);
  assert.match(await refused.locator('#error-panel').textContent(), /view\.plot: "anvil" is not a body of the scene/);
  assert.equal(await refused.evaluate(() => window.contactlab.sceneName), 'stick_slip');
  await refused.close();
});

// Presentation mode (?present, the p key or the panel's button) at a projector's
// 1280 x 720 and 1024 x 768: the canvas fills the window and at least 70 % of it is
// under no panel, every text shown is at least 16 px, nothing lies past the window's
// edges, the legend and the grasp badge show, the control panel is one button and,
// opened, shows a robot scene's controls on screen; ?present goes with a link. The
// default layout keeps 60 % of the view free, with text of 12 px or more.
import assert from 'node:assert/strict';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodeLink } from '../../web/src/link/link_codec.js';
import {
  artifactsDirectory,
  nextFrames,
  openLab,
  panelsOnScreen,
  pickSceneInPage,
  shownPastTheEdges,
  smallestTextOnScreen,
  useLab,
} from './harness.mjs';

const PROJECTOR = { width: 1280, height: 720 };
const SMALL_PROJECTOR = { width: 1024, height: 768 };

const env = useLab();

// Everything the test reads of the view, in one call: while the robot scene plays, each
// call waits for a frame drawn in software.
function measureView(page) {
  return page.evaluate(
    ({ panelsSource, textSource, edgesSource }) => {
      const [panelsOnScreen, smallestTextOnScreen, pastTheEdges] = [panelsSource, textSource, edgesSource].map((source) =>
        new Function(`return (${source})`)(),
      );
      const box = (element) => element && element.getBoundingClientRect().toJSON();
      return {
        scene: window.contactlab.sceneName,
        presenting: window.contactlab.view.presenting(),
        canvas: box(document.querySelector('#viewport canvas')),
        screen: panelsOnScreen(),
        pastTheEdges: pastTheEdges(),
        legend: document.getElementById('legend').checkVisibility(),
        badge: document.getElementById('grasp-badge').checkVisibility(),
        panelClosed: document.querySelector('#gui .lil-root').classList.contains('lil-closed'),
        text: smallestTextOnScreen(),
        clipped: [...document.querySelectorAll('#gui input:not([type="checkbox"])')]
          .filter((input) => input.checkVisibility() && input.scrollWidth > input.clientWidth)
          .map((input) => input.value),
        inset: document.getElementById('wrench-space').checkVisibility(),
        statusLines: (() => {
          const line = document.getElementById('status-line');
          const { paddingTop, paddingBottom, lineHeight } = getComputedStyle(line);
          const inner = line.clientHeight - parseFloat(paddingTop) - parseFloat(paddingBottom);
          return Math.round(inner / parseFloat(lineHeight));
        })(),
        robotTitle: box([...document.querySelectorAll('#gui .lil-title')].find((t) => t.textContent === 'robot')),
        firstJoint: box(document.querySelector('#gui .robot-panel .lil-controller')),
      };
    },
    { panelsSource: panelsOnScreen.toString(), textSource: smallestTextOnScreen.toString(), edgesSource: shownPastTheEdges.toString() },
  );
}

// The run taken on by `seconds` at once (the plots fill; the robot scene's hand holds
// the phone by 4.6 s, and the wrench-space inset shows), then playing again for a few
// frames: what a lecturer sees, with the status line's longest text (on a slow machine,
// "slower than real time").
async function settle(page, seconds) {
  await page.evaluate((seconds) => {
    const lab = window.contactlab;
    lab.pause();
    lab.step(Math.round(seconds / lab.options().time_step));
    lab.play();
  }, seconds);
  await nextFrames(page, 3);
  await page.waitForTimeout(500);
}

test('at 1280 x 720 and 1024 x 768 the scene has at least 70 % of the view, every text is at least 16 px, nothing past the edges', async () => {
  // One page, presenting from its address; the scene picker (under the drawer) loads
  // the others, and presentation mode stays on.
  const page = await openLab(env.browser, env.server.url, '?scene=stick_slip&present', PROJECTOR);
  for (const [scene, seconds] of [
    ['stick_slip', 1],
    ['incline', 1],
    ['barrett_phone', 4.6],
  ]) {
    if (scene !== 'stick_slip') await page.evaluate(pickSceneInPage, scene);
    await settle(page, seconds);
    const view = await measureView(page);
    assert.equal(view.scene, scene);
    assert.equal(view.presenting, true);
    const { x, y, width, height } = view.canvas;
    assert.deepEqual([x, y, width, height], [0, 0, 1280, 720], 'the canvas fills the window');
    const free = 1 - view.screen.coveredFraction;
    console.log(`${scene} presenting: canvas under no panel ${(100 * free).toFixed(1)} % of the view, smallest text ${view.text.size} px`);
    assert.ok(free >= 0.7, `${scene}: only ${(100 * free).toFixed(1)} % of the view is free (${view.screen.panels.map((p) => p.id)})`);
    assert.ok(view.text.size >= 16, `${scene}: ${view.text.size} px text (${view.text.text})`);
    assert.deepEqual(view.clipped, [], `${scene}: values shown clipped`);
    assert.equal(view.statusLines, 1, `${scene}: the status line is one line`);
    assert.deepEqual(view.pastTheEdges, [], `${scene}: past the window's edges`);
    assert.equal(view.legend, true, `${scene}: the legend shows`);
    assert.equal(view.panelClosed, true, `${scene}: the control panel is one button`);
    if (scene === 'barrett_phone') {
      assert.equal(view.inset, true, 'the wrench-space inset shows');
      assert.equal(view.badge, true, 'the grasp badge shows');
    }
  }
  // A 1024 x 768 projector: the same, and the screenshots of both to look at.
  await mkdir(artifactsDirectory, { recursive: true });
  await page.screenshot({ path: join(artifactsDirectory, 'present_1280x720.png') });
  await page.setViewportSize(SMALL_PROJECTOR);
  await nextFrames(page, 3);
  const small = await measureView(page);
  await page.screenshot({ path: join(artifactsDirectory, 'present_1024x768.png') });
  console.log(`barrett_phone presenting at 1024 x 768: canvas under no panel ${(100 * (1 - small.screen.coveredFraction)).toFixed(1)} %`);
  assert.ok(1 - small.screen.coveredFraction >= 0.7);
  assert.ok(small.text.size >= 16, `${small.text.size} px text (${small.text.text})`);
  assert.deepEqual(small.pastTheEdges, [], "1024 x 768: past the window's edges");
  assert.deepEqual([small.legend, small.badge, small.inset, small.statusLines], [true, true, true, 1]);
  // The panel's button opens it, with the robot's controls on screen.
  await page.setViewportSize(PROJECTOR);
  await page.locator('#gui .lil-root > .lil-title').click();
  await page.waitForTimeout(400); // lil-gui's unfolding
  const opened = await measureView(page);
  assert.equal(opened.panelClosed, false);
  assert.ok(opened.robotTitle.bottom <= 720 && opened.firstJoint.bottom <= 720, 'the robot controls are on screen');
  // However long the solver's message, the status line stays one line.
  await page.evaluate(() => window.contactlab.pause());
  await page.evaluate(() => {
    document.getElementById('status-solver').textContent = `solver: failed (${'a long reason, '.repeat(12)})`;
  });
  assert.equal((await measureView(page)).statusLines, 1, 'a long solver message: the status line is one line');
  // The robot scene, whose panels are the largest, holding the handset in the default
  // layout: its promises at both sizes, the grasp badge shown.
  await page.keyboard.press('p');
  for (const size of [PROJECTOR, SMALL_PROJECTOR]) {
    await page.setViewportSize(size);
    await nextFrames(page, 3);
    const normal = await assertDefaultLayout(page, `${size.width} x ${size.height}, barrett_phone`);
    assert.equal(normal.badge, true, 'the grasp badge shows');
    await page.screenshot({ path: join(artifactsDirectory, `layout_barrett_phone_${size.width}x${size.height}.png`) });
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

// The default layout's promises, at the page's size now: at least 60 % of the view
// under no panel, no text under 12 px, no panel over the status line, nothing shown past
// the window's edges. Returns the view measured.
async function assertDefaultLayout(page, where) {
  const view = await measureView(page);
  const free = 1 - view.screen.coveredFraction;
  console.log(`${where}: ${(100 * free).toFixed(1)} % of the view free, smallest text ${view.text.size} px`);
  assert.equal(view.presenting, false);
  assert.ok(free >= 0.6, `${where}: only ${(100 * free).toFixed(1)} % free (${view.screen.panels.map((p) => p.id)})`);
  assert.ok(view.text.size >= 12, `${where}: ${view.text.size} px text (${view.text.text})`);
  assert.deepEqual(await page.evaluate(panelsOverStatusLine), [], `${where}: panels over the status line`);
  assert.deepEqual(view.pastTheEdges, [], `${where}: past the window's edges`);
  return view;
}

// The panels that cover part of the status line, by id. Runs in the page.
function panelsOverStatusLine() {
  const status = document.getElementById('status-line').getBoundingClientRect();
  return ['legend', 'plots', 'wrench-space', 'compare-panel', 'gui', 'scene-panel']
    .map((id) => [id, document.getElementById(id)])
    .filter(([, element]) => element?.checkVisibility())
    .filter(([, element]) => {
      const r = element.getBoundingClientRect();
      return r.left < status.right && status.left < r.right && r.top < status.bottom && status.top < r.bottom;
    })
    .map(([id]) => id);
}

// The default layout's promises (assertDefaultLayout) at both sizes in compare mode;
// the robot scene's are checked after its presentation above. The panels fold to make
// that room; a panel folded by its button stays so, after a reload too.
test('the default layout leaves the scene 60 % of the view at 1280 x 720 and 1024 x 768 in compare mode, text of 12 px or more', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=stick_slip', PROJECTOR);
  await mkdir(artifactsDirectory, { recursive: true });
  await page.evaluate(() => window.contactlab.compare(true, 'soft'));
  await settle(page, 1);
  for (const size of [PROJECTOR, SMALL_PROJECTOR]) {
    await page.setViewportSize(size);
    await nextFrames(page, 3);
    await assertDefaultLayout(page, `${size.width} x ${size.height}, stick_slip compared`);
    await page.screenshot({ path: join(artifactsDirectory, `layout_compare_${size.width}x${size.height}.png`) });
  }
  await page.evaluate(() => window.contactlab.compare(false));
  // Folded by its button where there is room for them, the plots stay folded, after a
  // reload too.
  await page.setViewportSize(PROJECTOR);
  await nextFrames(page, 3);
  const folded = () => page.evaluate(() => window.contactlab.view.folded('plots'));
  assert.equal(await folded(), false, 'room for the plots at 1280 x 720');
  const plotsToggle = page.locator('#plots .fold-toggle');
  await plotsToggle.click();
  assert.equal(await folded(), true);
  assert.equal(await plotsToggle.getAttribute('aria-expanded'), 'false');
  await page.reload();
  await page.evaluate(() => window.contactlab.ready);
  await nextFrames(page, 3);
  assert.equal(await folded(), true, 'remembered');
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('?present goes with a link and stays in the address; p turns it off and on, in the address too', async () => {
  const maker = await openLab(env.browser, env.server.url, '?scene=incline', { width: 640, height: 480 });
  await maker.evaluate(() => {
    window.contactlab.pause();
    window.contactlab.setOption('friction_coefficient', 0.2);
    window.contactlab.step(10);
  });
  const link = await maker.evaluate(() => window.contactlab.link());
  await maker.close();

  const page = await openLab(env.browser, env.server.url, `?present${link}`, PROJECTOR);
  assert.equal(await page.evaluate(() => window.contactlab.sceneName), 'incline');
  await page.waitForFunction(() => window.contactlab.options().friction_coefficient === 0.2); // the link's journal
  assert.equal(await page.evaluate(() => window.contactlab.view.presenting()), true);
  await page.evaluate(() => window.contactlab.pause());
  const address = await page.evaluate(() => window.location.href);
  assert.match(address, /\?present=?#v1\./);
  assert.equal(decodeLink(address).scene.builtin, 'incline');
  // The panel's button, in the panel folded to one button while presenting.
  await page.locator('#gui .lil-root > .lil-title', { hasText: /^controls$/ }).click();
  await page.getByRole('button', { name: 'leave presentation mode (p)', exact: true }).click();
  assert.equal(await page.evaluate(() => document.body.classList.contains('present')), false);
  assert.equal(await page.locator('#gui .lil-title', { hasText: /^plots$/ }).isVisible(), true, 'the plots folder is back');
  assert.equal(await page.getByRole('button', { name: 'presentation mode (p)', exact: true }).isVisible(), true);
  await page.evaluate(() => document.activeElement.blur()); // lil-gui keeps the keys its buttons have focus for
  const plain = await page.evaluate(() => window.location.href);
  assert.doesNotMatch(plain, /present/, 'the address no longer asks for presentation mode');
  assert.equal(decodeLink(plain).scene.builtin, 'incline', 'and keeps the link');
  await page.keyboard.press('p');
  assert.equal(await page.locator('#gui .lil-title', { hasText: /^plots$/ }).isVisible(), false, 'presenting hides it');
  assert.match(await page.evaluate(() => window.location.href), /\?present=?#v1\./, 'the address asks for it again');
  await page.close();
});

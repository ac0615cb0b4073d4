// Presentation mode (?present or the p key) at a projector's 1280 x 720: the canvas
// fills the window and at least 60 % of it is under no panel, every text shown is at
// least 16 px, a robot scene's controls are on screen, and ?present goes with a link.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeLink } from '../../web/src/link/link_codec.js';
import { measurePanels, nextFrames, openLab, useLab } from './harness.mjs';

const PROJECTOR = { width: 1280, height: 720 };

const env = useLab();

// The smallest computed font size of any visible text: every element with text of
// its own, and every box, choice and button.
function smallestText(page) {
  return page.evaluate(() => {
    let smallest = { size: Infinity, text: '' };
    for (const element of document.body.querySelectorAll('*')) {
      const ownText = [...element.childNodes].some((node) => node.nodeType === Node.TEXT_NODE && node.textContent.trim());
      if (!ownText && !element.matches('input:not([type="checkbox"]), select, button')) continue;
      if (!element.checkVisibility()) continue;
      const rect = element.getBoundingClientRect();
      if (rect.width === 0 || rect.height === 0) continue;
      const size = parseFloat(getComputedStyle(element).fontSize);
      if (size >= smallest.size) continue;
      const what = element.id || element.className || element.tagName;
      smallest = { size, text: `${what}: ${element.textContent.trim().slice(0, 40)}` };
    }
    return smallest;
  });
}

async function settle(page) {
  await nextFrames(page, 10);
  await page.waitForTimeout(1500); // the plots, the badge and the wrench-space inset show up
}

test('at 1280 x 720 the scene has at least 60 % of the view and every text is at least 16 px', async () => {
  // The normal layout, for the log: the robot scene, whose panels are the largest.
  const normal = await openLab(env.browser, env.server.url, '?scene=barrett_phone', PROJECTOR);
  await settle(normal);
  const before = await measurePanels(normal);
  const beforeText = await smallestText(normal);
  await normal.close();
  console.log(
    `barrett_phone normally: canvas under no panel ${(100 * (1 - before.coveredFraction)).toFixed(1)} % of the view, ` +
      `smallest text ${beforeText.size} px`,
  );
  for (const scene of ['stick_slip', 'incline', 'barrett_phone']) {
    const page = await openLab(env.browser, env.server.url, `?scene=${scene}&present`, PROJECTOR);
    await settle(page);
    assert.equal(await page.evaluate(() => window.contactlab.view.presenting()), true);
    const canvas = await page.locator('#viewport canvas').boundingBox();
    assert.deepEqual([canvas.x, canvas.y, canvas.width, canvas.height], [0, 0, 1280, 720], 'the canvas fills the window');
    const panels = await measurePanels(page);
    const free = 1 - panels.coveredFraction;
    const text = await smallestText(page);
    console.log(`${scene} presenting: canvas under no panel ${(100 * free).toFixed(1)} % of the view, smallest text ${text.size} px`);
    assert.ok(free >= 0.6, `${scene}: only ${(100 * free).toFixed(1)} % of the view is free (${panels.panels.map((p) => p.id)})`);
    assert.ok(text.size >= 16, `${scene}: ${text.size} px text (${text.text})`);
    const clipped = await page.evaluate(() =>
      [...document.querySelectorAll('#gui input:not([type="checkbox"])')]
        .filter((input) => input.checkVisibility() && input.scrollWidth > input.clientWidth)
        .map((input) => input.value),
    );
    assert.deepEqual(clipped, [], `${scene}: values shown clipped`);
    if (scene === 'barrett_phone') {
      const robot = await page.locator('#gui .lil-title', { hasText: /^robot$/ }).boundingBox();
      const firstJoint = await page.locator('#gui .robot-panel .lil-controller').first().boundingBox();
      assert.ok(robot.y + robot.height <= 720 && firstJoint.y + firstJoint.height <= 720, 'the robot controls are on screen');
    }
    assert.deepEqual(page.errors, []);
    await page.close();
  }
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
  await page.keyboard.press('p');
  assert.equal(await page.evaluate(() => document.body.classList.contains('present')), false);
  assert.equal(await page.locator('#gui .lil-title', { hasText: /^plots$/ }).isVisible(), true, 'the plots folder is back');
  const plain = await page.evaluate(() => window.location.href);
  assert.doesNotMatch(plain, /present/, 'the address no longer asks for presentation mode');
  assert.equal(decodeLink(plain).scene.builtin, 'incline', 'and keeps the link');
  await page.keyboard.press('p');
  assert.equal(await page.locator('#gui .lil-title', { hasText: /^plots$/ }).isVisible(), false, 'presenting hides it');
  assert.match(await page.evaluate(() => window.location.href), /\?present=?#v1\./, 'the address asks for it again');
  await page.close();
});

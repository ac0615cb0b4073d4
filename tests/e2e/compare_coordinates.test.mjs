// Compare mode with the ghost in other coordinates (docs/maximal_coordinates.md, "Side
// by side"): four_bar in reduced coordinates beside its ghost in maximal ones, the
// table's joint errors, the panel's `ghost coordinates`, a refused pair that changes
// nothing, and a link that carries both and reopens to the same ghost bit for bit.
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { decodeLink } from '../../web/src/link/link_codec.js';
import { openLab, useLab } from './harness.mjs';

const env = useLab();

// Chooses `word` in the compare folder's `ghost coordinates`, as a click would.
function pickGhostCoordinates(word) {
  const select = [...document.querySelectorAll('#gui .lil-controller')]
    .find((row) => row.querySelector('.lil-name')?.textContent === 'ghost coordinates')
    .querySelector('select');
  select.value = word;
  select.dispatchEvent(new Event('change'));
}

// Steps `count` times; then the compare table's numbers of both.
function stepAndCompare(count) {
  const lab = window.contactlab;
  lab.step(count);
  const numbers = lab.comparison();
  return { stepCount: lab.stepCount, page: numbers.page, twin: numbers.twin };
}

test('the ghost in maximal coordinates beside the page in reduced ones, from the panel and a link', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=four_bar', { width: 640, height: 480 });
  await page.evaluate(() => {
    window.contactlab.pause();
    window.contactlab.setFormulation('lcp');
  });
  const events = await page.evaluate(() => {
    const seen = [];
    window.contactlab.on('compareChanged', (state) => seen.push(state));
    window.__compareEvents = seen;
    return window.contactlab.compare(true, 'lcp', 'maximal');
  });
  assert.equal(events, '');
  const first = await page.evaluate(stepAndCompare, 200);
  assert.equal(first.page.coordinates, 'reduced');
  assert.equal(first.twin.coordinates, 'maximal');
  assert.equal(first.page.jointError, null);
  // The driven linkage's joints drift by each step's linearisation error; gamma holds
  // them to well under a millimetre (docs/maximal_coordinates.md).
  assert.ok(first.twin.jointError > 0 && first.twin.jointError < 1e-4, `twin joint error ${first.twin.jointError}`);
  assert.equal(first.page.velocity.some((v) => v !== 0), true, 'the followed link moves');
  // The table follows the crank (the first link that moves); both runs turn it alike
  // (1e-8 m apart after 200 steps in a recorded run).
  for (let axis = 0; axis < 3; axis += 1) {
    assert.ok(Math.abs(first.page.position[axis] - first.twin.position[axis]) < 1e-5, 'the two runs stay together');
  }
  assert.deepEqual(await page.evaluate(() => window.__compareEvents.at(-1)), {
    on: true,
    formulation: 'lcp',
    coordinates: 'maximal',
  });

  // Quasistatic refuses maximal coordinates: the refusal names both and changes nothing.
  const refused = await page.evaluate(() => {
    const lab = window.contactlab;
    const error = lab.compare(true, 'quasistatic', 'maximal');
    return { error, after: lab.comparison().twin, events: window.__compareEvents.at(-1) };
  });
  assert.match(refused.error, /coordinates maximal is not supported by formulation quasistatic/);
  assert.equal(refused.after.formulation, 'lcp');
  assert.equal(refused.after.coordinates, 'maximal');
  assert.deepEqual(refused.after.position, first.twin.position);
  assert.deepEqual(refused.events, { on: true, formulation: 'lcp', coordinates: 'maximal' });

  // The link carries the ghost's coordinates; a switch from the panel is a journal entry.
  await page.evaluate(() => window.contactlab.step(50));
  await page.evaluate(pickGhostCoordinates, 'reduced');
  const switched = await page.evaluate(stepAndCompare, 50);
  assert.equal(switched.twin.coordinates, 'reduced');
  assert.equal(switched.twin.jointError, null);
  const link = await page.evaluate(() => window.contactlab.link());
  const payload = decodeLink(link);
  assert.deepEqual(payload.compare, { coordinates: 'maximal', formulation: 'lcp' });
  assert.deepEqual(payload.journal, [[250, 'ghost_coordinates', 'reduced']]);
  assert.equal(payload.step, 300);
  const goingOn = await page.evaluate(stepAndCompare, 100);

  const reopened = await openLab(env.browser, env.server.url, link, { width: 640, height: 480 });
  await reopened.evaluate(() => window.contactlab.pause());
  await reopened.waitForFunction(() => window.contactlab.replayRemaining === 0);
  const replayed = await reopened.evaluate(stepAndCompare, 100);
  assert.equal(replayed.stepCount, goingOn.stepCount);
  assert.deepEqual(replayed.twin, goingOn.twin);
  assert.deepEqual(replayed.page, goingOn.page);
  assert.deepEqual(page.errors, []);
  assert.deepEqual(reopened.errors, []);
  await reopened.close();
  await page.close();
});

// The page's session (web/src/session/session.js) tells its subscribers what happened,
// and window.contactlab.on() lets a script subscribe too: `loaded` when a scene loads,
// `stepped` after every step (also the ghost's, in compare mode), `optionsChanged`
// after every setOption (from the API or the panel, accepted or not), `reset`,
// `commanded` after robot commands, `compareChanged`, and `error` when an action is
// refused, before the page shows it.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { guiController, launchBrowser, openLab, startServer } from './harness.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openLab(browser, server.url, '?scene=box_rest', { width: 900, height: 700 });
  await page.evaluate(() => {
    window.contactlab.pause();
    window.seen = [];
    for (const name of ['loaded', 'stepped', 'optionsChanged', 'reset', 'commanded', 'compareChanged', 'error']) {
      const copy = (detail) => JSON.parse(JSON.stringify(detail ?? null));
      window.contactlab.on(name, (detail) => window.seen.push({ name, detail: copy(detail) }));
    }
  });
});

after(async () => {
  await browser?.close();
  await server?.close();
});

// The events seen since the last call.
const takeEvents = () =>
  page.evaluate(() => {
    const seen = window.seen;
    window.seen = [];
    return seen;
  });
const names = (events) => events.map((event) => event.name);

test('loaded and stepped: a scene load, then one event per step', async () => {
  assert.equal(await page.evaluate(() => window.contactlab.loadScene(window.contactlab.builtinScene('incline'))), '');
  const events = await takeEvents();
  assert.deepEqual(names(events), ['loaded']);
  const [loaded] = events;
  assert.equal(loaded.detail.description.name, 'incline');
  assert.equal(loaded.detail.sceneKey, null);
  assert.deepEqual(loaded.detail.options, await page.evaluate(() => window.contactlab.options()));

  assert.equal(await page.evaluate(() => window.contactlab.step(3)), 3);
  const stepped = await takeEvents();
  assert.deepEqual(names(stepped), ['stepped', 'stepped', 'stepped']);
  assert.deepEqual(stepped.map((event) => event.detail.stepCount), [1, 2, 3]);

  await guiController(page, 'scene').locator('select').selectOption('brick_slide');
  const picked = await takeEvents();
  assert.deepEqual(names(picked), ['loaded']);
  assert.equal(picked[0].detail.sceneKey, 'brick_slide');
});

test('optionsChanged after every setOption, from the API or the panel; error before a refusal shows', async () => {
  assert.equal(await page.evaluate(() => window.contactlab.setOption('error_reduction', 0.5)), '');
  const [changed] = await takeEvents();
  assert.equal(changed.name, 'optionsChanged');
  assert.equal(changed.detail.name, 'error_reduction');
  assert.equal(changed.detail.error, '');
  assert.equal(changed.detail.options.error_reduction, 0.5);

  const input = guiController(page, 'error reduction γ').locator('input');
  await input.fill('0.3');
  await input.press('Enter');
  const typed = await takeEvents();
  assert.deepEqual(names(typed), ['optionsChanged']);
  assert.equal(typed[0].detail.options.error_reduction, 0.3);

  const message = await page.evaluate(() => window.contactlab.setOption('error_reduction', 7));
  const refused = await takeEvents();
  assert.deepEqual(names(refused), ['error', 'optionsChanged']);
  assert.deepEqual(refused[0].detail, { context: 'option not changed', message });
  assert.equal(refused[1].detail.error, message);
  assert.equal(refused[1].detail.options.error_reduction, 0.3);
  assert.match(await page.locator('#error-text').textContent(), /^option not changed: error_reduction: must be/);
  await page.locator('#error-close').click();

  const switched = await page.evaluate(() => window.contactlab.setFormulation('nonsense'));
  assert.match(switched, /^formulation: must be one of lcp, convex, soft, quasistatic, compliant, hybrid, got "nonsense"$/);
  assert.deepEqual(names(await takeEvents()), ['error']);
  await page.locator('#error-close').click();
});

test('reset, compareChanged and the ghost\'s steps; commanded after a robot command', async () => {
  await page.getByRole('button', { name: 'restart (r)', exact: true }).click();
  assert.deepEqual(names(await takeEvents()), ['reset']);

  assert.equal(await page.evaluate(() => window.contactlab.compare(true, 'soft')), '');
  const compared = await takeEvents();
  assert.deepEqual(names(compared), ['reset', 'compareChanged']);
  assert.deepEqual(compared[1].detail, { on: true, formulation: 'soft', coordinates: 'reduced' });
  assert.equal(await page.evaluate(() => window.contactlab.step(2)), 2);
  assert.deepEqual(names(await takeEvents()), ['stepped', 'stepped']);
  const times = await page.evaluate(() => [window.contactlab.comparison().twin.time, window.contactlab.time]);
  assert.equal(times[0], times[1], 'the ghost stepped with the page');
  await guiController(page, 'compare').locator('input').uncheck();
  const off = await takeEvents();
  assert.deepEqual(off.map((event) => [event.name, event.detail.on]), [['compareChanged', false]]);

  const refused = await page.evaluate(() => window.contactlab.setJointTarget('no_such_link', 0));
  assert.notEqual(refused, '');
  assert.deepEqual(names(await takeEvents()), ['error', 'commanded']);
  await page.locator('#error-close').click();
});

test('an unknown event name is refused', async () => {
  const error = await page.evaluate(() => {
    try {
      window.contactlab.on('exploded', () => {});
      return '';
    } catch (thrown) {
      return thrown.message;
    }
  });
  assert.match(error, /unknown event "exploded"/);
  assert.deepEqual(page.errors, []);
});

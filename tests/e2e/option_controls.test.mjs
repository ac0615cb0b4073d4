// The option controls come from the core's option schema (contactlab.optionSchema(),
// core/base/options.cpp): every control of the solver folder and of each
// formulation's parameters (every parameter has one) spans the schema's slider range
// (dragged past either end it sets slider_min or slider_max), takes exactly the
// schema's valid range when a value is typed (min and max are taken, a value beyond
// either is refused with the schema's allowed text), and a choice offers the schema's
// named values; a formulation switch through the selector shows that formulation's
// parameters from the schema, with its note, and hides the others.
import assert from 'node:assert/strict';
import { after, before, test } from 'node:test';
import { guiController, launchBrowser, openLab, startServer } from './harness.mjs';

let server;
let browser;
let page;

before(async () => {
  server = await startServer();
  browser = await launchBrowser();
  page = await openLab(browser, server.url, '?scene=box_rest', { width: 800, height: 900 });
  await page.evaluate(() => window.contactlab.pause());
  await page.locator('#gui .lil-title', { hasText: /^more$/ }).click(); // the solver folder's sub-folder
});

after(async () => {
  await browser?.close();
  await server?.close();
});

const optionValue = (name) => page.evaluate((option) => window.contactlab.options()[option], name);
const isChoice = (entry) => entry.integer && entry.values.length === entry.max - entry.min + 1;

async function schemaAndControls() {
  return page.evaluate(() => ({
    schema: window.contactlab.optionSchema(),
    controls: window.contactlab.view.optionControls(),
  }));
}

// Drives the row `label` in the page, with the events mouse and keyboard send (so
// that every control is checked in little time): presses its slider, drags past the
// right end, then past the left end; then types each of `typed` into its box and
// confirms it with Enter. Returns the option's value at either end and, per typed
// value, the error the page showed ('' if none) and the option's value after it (no
// typed values for a box that only shows the value).
function driveSlider(label, name, typed) {
  return page.evaluate(
    ({ label, name, typed }) => {
      const row = [...document.querySelectorAll('#gui .lil-controller')].find(
        (candidate) => candidate.querySelector('.lil-name').textContent === label,
      );
      const value = () => window.contactlab.options()[name];
      const slider = row.querySelector('.lil-slider');
      const box = slider.getBoundingClientRect();
      const mouse = (type, target, clientX) =>
        target.dispatchEvent(new MouseEvent(type, { clientX, clientY: box.top + box.height / 2, bubbles: true }));
      mouse('mousedown', slider, box.left + box.width / 2);
      mouse('mousemove', window, box.right + 40);
      const right = value();
      mouse('mousemove', window, box.left - 40);
      const left = value();
      mouse('mouseup', window, box.left - 40);

      const input = row.querySelector('input');
      if (input.readOnly) return { left, right, typed: [] };
      const panel = document.getElementById('error-panel');
      const results = typed.map((text) => {
        input.focus();
        input.value = String(text);
        input.dispatchEvent(new Event('input', { bubbles: true }));
        input.dispatchEvent(new KeyboardEvent('keydown', { key: 'Enter', bubbles: true }));
        const error = panel.hidden ? '' : document.getElementById('error-text').textContent;
        document.getElementById('error-close').click();
        return { error, value: value() };
      });
      return { left, right, typed: results };
    },
    { label, name, typed },
  );
}

async function checkSlider(entry, label) {
  const above = entry.max + 1 + Math.abs(entry.max);
  const below = entry.min - 0.5 - Math.abs(entry.min);
  const { left, right, typed } = await driveSlider(label, entry.name, [entry.max, above, entry.min, below]);
  assert.deepEqual({ left, right }, { left: entry.slider_min, right: entry.slider_max }, `${entry.name}: slider ends`);
  if (typed.length === 0) return; // the time step's box only shows it
  const [max, aboveMax, min, belowMin] = typed;
  const refusal = `option not changed: ${entry.name}: must be ${entry.allowed}, got`;
  assert.deepEqual(max, { error: '', value: entry.max }, `${entry.name}: max typed`);
  assert.ok(aboveMax.error.startsWith(refusal), `${entry.name}: ${above} refused: ${aboveMax.error}`);
  assert.equal(aboveMax.value, entry.max, `${entry.name}: the old value is kept`);
  assert.deepEqual(min, { error: '', value: entry.min }, `${entry.name}: min typed`);
  assert.ok(belowMin.error.startsWith(refusal), `${entry.name}: ${below} refused: ${belowMin.error}`);
  assert.equal(belowMin.value, entry.min, `${entry.name}: the old value is kept`);
}

async function checkChoice(entry, label) {
  const select = guiController(page, label).locator('select');
  const shown = await select.locator('option').allTextContents();
  assert.deepEqual(shown, entry.values.map((named) => named.label), `${entry.name}: the named values`);
  for (const named of [...entry.values].reverse()) {
    await select.selectOption({ label: named.label });
    assert.equal(await optionValue(entry.name), named.value, `${entry.name}: ${named.label}`);
  }
}

// The controls of the options `owner` owns (null: the shared ones), each checked
// against its schema entry and then set back to the default; every option owned by a
// formulation has one.
async function checkControlsOf(owner) {
  const { schema, controls } = await schemaAndControls();
  const entryOf = (name) => schema.find((entry) => entry.name === name);
  const own = controls.filter(({ option }) => entryOf(option).formulation === owner);
  if (owner !== null) {
    assert.deepEqual(
      own.map(({ option }) => option),
      schema.filter((entry) => entry.formulation === owner).map((entry) => entry.name),
    );
  }
  for (const { option, label } of own) {
    const entry = entryOf(option);
    assert.equal(await guiController(page, label).isVisible(), true, `${label} is shown`);
    if (isChoice(entry)) await checkChoice(entry, label);
    else await checkSlider(entry, label);
    const reset = { name: option, value: entry.default };
    assert.equal(await page.evaluate(({ name, value }) => window.contactlab.setOption(name, value), reset), '');
  }
  return own.length;
}

test('every option control spans the schema\'s slider range and takes exactly its valid range', async () => {
  assert.ok((await checkControlsOf(null)) > 0, 'the solver folder has option controls');
  for (const formulation of await page.evaluate(() => window.contactlab.formulations)) {
    await guiController(page, 'formulation').locator('select').selectOption(formulation);
    assert.equal(await page.evaluate(() => window.contactlab.formulation), formulation);
    await checkControlsOf(formulation);
  }
  assert.deepEqual(page.errors, []);
});

test('a formulation switch shows that formulation\'s parameters from the schema, and its note', async () => {
  const { schema, controls } = await schemaAndControls();
  const formulation = schema.find((entry) => entry.name === 'formulation');
  for (const named of formulation.values) {
    await guiController(page, 'formulation').locator('select').selectOption(named.name);
    const panel = await page.evaluate(() => window.contactlab.view.formulationPanel());
    const own = schema.filter((entry) => entry.formulation === named.name).map((entry) => entry.name);
    assert.deepEqual(panel, { formulation: named.name, note: named.label, parameters: own });
    for (const { option, label } of controls) {
      const owner = schema.find((entry) => entry.name === option).formulation;
      if (owner === null) continue;
      assert.equal(await guiController(page, label).isVisible(), owner === named.name, `${label} under ${named.name}`);
    }
  }
  assert.equal(await page.evaluate(() => window.contactlab.setFormulation('lcp')), '');
});

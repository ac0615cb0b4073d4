// Links in the page (docs/links.md): every built-in scene round-trips through the
// address bar; a link made by the page runs natively to the same poses bit for bit and
// one made natively runs in the page to the same poses, at every step, also with a
// journal of actions, robots and compare mode; a bad or oversized link opens the
// default scene and says why, as text.
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { decodeLink, encodeLink } from '../../web/src/link/link_codec.js';
import { csvPoses } from './cli_poses.mjs';
import { openLab, pickSceneInPage, repositoryRoot, useLab } from './harness.mjs';

const CLI = join(repositoryRoot, 'build/native/contactlab');
const scratch = mkdtempSync(join(tmpdir(), 'contactlab-links-'));

const env = useLab();

function cli(...args) {
  return execFileSync(CLI, args, { encoding: 'utf8' });
}

// Steps the page `count` times, one at a time, recording every non-static body's pose.
function pagePoses(page, count) {
  return page.evaluate((steps) => {
    const lab = window.contactlab;
    const record = () =>
      Object.fromEntries(lab.bodies().filter((b) => !b.static).map((b) => [b.name, [...b.position, ...b.orientation]]));
    const rows = [record()];
    for (let i = 0; i < steps; i += 1) {
      lab.step(1);
      rows.push(record());
    }
    return rows;
  }, count);
}

async function openLinked(link, size = { width: 640, height: 480 }) {
  const page = await openLab(env.browser, env.server.url, link, size);
  await page.evaluate(() => window.contactlab.pause());
  await page.waitForFunction(() => window.contactlab.replayRemaining === 0);
  return page;
}

function assertSamePoses(native, inPage, what) {
  assert.equal(inPage.length, native.length, `${what}: rows`);
  native.forEach((row, step) => {
    for (const [body, pose] of Object.entries(row)) {
      assert.deepEqual(inPage[step][body], pose, `${what}: ${body} at step ${step}`);
    }
  });
}

test('every built-in scene round-trips through the address bar', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=box_rest', { width: 640, height: 480 });
  // Each scene chosen in the picker and its link read at once, all in one call
  // (drawing each scene in between would only make the test slower).
  const written = await page.evaluate((pickSource) => {
    const pickSceneInPage = new Function(`return (${pickSource})`)();
    const lab = window.contactlab;
    return lab.sceneNames.map((name) => {
      pickSceneInPage(name);
      lab.pause();
      lab.reset();
      return { name, link: lab.link(), hash: window.location.hash };
    });
  }, pickSceneInPage.toString());
  const links = {};
  for (const { name, link, hash } of written) {
    assert.ok(link.length < 200, `${name}: ${link.length} characters`);
    assert.deepEqual(decodeLink(link), { scene: { builtin: name } });
    assert.equal(hash, link);
    links[name] = link;
  }
  assert.ok(!(await page.evaluate(() => window.location.search.includes('scene='))), 'the fragment replaces ?scene=');
  await page.close();
  // Opening a link is the same code for every scene: three of them, one with robots.
  for (const name of ['barrett_phone', 'incline', 'pang_gripper']) {
    const reopened = await openLinked(links[name]);
    assert.equal(await reopened.evaluate(() => window.contactlab.sceneName), name);
    assert.equal(await reopened.evaluate(() => window.contactlab.stepCount), 0);
    assert.deepEqual(reopened.errors, []);
    await reopened.close();
  }
});

test('a link made natively runs in the page to the same poses at every step', async () => {
  const cases = [
    ['brick_slide', '--set', 'mu=0.25', '--set', 'formulation=convex'],
    ['barrett_phone', '--set', 'formulation=lcp'],
    ['pang_gripper', '--set', 'formulation=quasistatic'],
    ['box_stack', '--set', 'formulation=soft', '--set', 'h=0.004'],
  ];
  // The first opens from the address bar, the others on the same page as a link
  // pasted in (the same reading and replay, without loading the page again).
  let page = null;
  for (const [scene, ...settings] of cases) {
    const link = cli('link', scene, ...settings).trim();
    const csv = join(scratch, `${scene}.csv`);
    cli('run', '--link', link, '--steps', '120', '--csv', csv);
    if (page === null) {
      page = await openLinked(link);
    } else {
      assert.equal(await page.evaluate((link) => window.contactlab.openLink(link), link), '');
      await page.evaluate(() => window.contactlab.pause());
      await page.waitForFunction(() => window.contactlab.replayRemaining === 0);
    }
    assert.equal(await page.evaluate(() => window.contactlab.sceneName), scene);
    assertSamePoses(csvPoses(csv), await pagePoses(page, 120), `${scene} ${settings.join(' ')}`);
  }
  assert.deepEqual(page.errors, []);
  await page.close();
});

test('a link the page made, with a journal of actions and compare mode, runs natively to the same poses', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=barrett_phone', { width: 640, height: 480 });
  await page.evaluate(() => {
    const lab = window.contactlab;
    lab.pause();
    lab.compare(true, 'soft');
    lab.step(15);
    lab.setOption('friction_coefficient', 0.6);
    lab.step(10);
    lab.command('autograsp');
    lab.step(25);
  });
  const link = await page.evaluate(() => window.contactlab.link());
  const payload = decodeLink(link);
  assert.equal(payload.compare, 'soft');
  assert.deepEqual(payload.journal, [
    [15, 'option', 'friction_coefficient', 0.6],
    [25, 'command', payload.journal[1][2], 'autograsp'],
  ]);
  assert.equal(payload.step, 50);
  const pageRun = await pagePoses(page, 150); // steps 50 .. 200
  const csv = join(scratch, 'journal.csv');
  cli('run', '--link', link, '--steps', '200', '--csv', csv);
  assertSamePoses(csvPoses(csv).slice(50), pageRun, 'barrett_phone with a journal');

  // The page opening the same link replays to step 50 and goes on identically.
  const reopened = await openLinked(link);
  assert.equal(await reopened.evaluate(() => window.contactlab.stepCount), 50);
  assertSamePoses(pageRun, await pagePoses(reopened, 150), 'reopened');
  assert.deepEqual(decodeLink(await reopened.evaluate(() => window.contactlab.link())).journal, payload.journal);
  await reopened.close();
  await page.close();
});

test('an action at step 0 of a link at step 0 is applied on open', async () => {
  const link = encodeLink({ scene: { builtin: 'box_rest' }, journal: [[0, 'option', 'friction_coefficient', 0.3]] });
  const page = await openLinked(link);
  assert.equal(await page.evaluate(() => window.contactlab.options().friction_coefficient), 0.3);
  assert.equal(await page.evaluate(() => window.contactlab.stepCount), 0);
  await page.close();
});

test('the address bar follows changes without adding history entries', async () => {
  const page = await openLab(env.browser, env.server.url, '?scene=incline', { width: 640, height: 480 });
  const before = await page.evaluate(() => {
    window.contactlab.pause();
    window.firstHash = window.contactlab.link();
    return window.history.length;
  });
  await page.evaluate(() => window.contactlab.setOption('friction_coefficient', 0.25));
  await page.waitForFunction(() => window.location.hash !== window.firstHash, null, { timeout: 3000 });
  const hash = await page.evaluate(() => window.location.hash);
  assert.equal(decodeLink(hash).journal.at(-1)[2], 'friction_coefficient');
  assert.equal(decodeLink(hash).journal.at(-1)[3], 0.25);
  await page.evaluate(() => {
    window.changedHash = window.location.hash;
    window.contactlab.reset();
  });
  await page.waitForFunction(() => window.location.hash !== window.changedHash, null, { timeout: 3000 });
  assert.deepEqual(decodeLink(await page.evaluate(() => window.location.hash)).options, { friction_coefficient: 0.25 });
  assert.equal(await page.evaluate(() => window.history.length), before);
  await page.close();
});

test('a bad, hostile or oversized link opens the default scene and says why, as text', async () => {
  const hostile = `#v1.${Buffer.from('not deflate <img src=x onerror="window.pwned=1">').toString('base64url')}`;
  const cases = [
    [hostile, 'not valid DEFLATE'],
    [`#v1.${'A'.repeat(90000)}`, 'at most 87382'],
    ['#v1.!!', 'only A-Z, a-z, 0-9'],
    ['#v7.AAAA', 'version v7 is not known'],
    [cli('link', 'box_rest').trim().slice(0, -3), 'link:'],
  ];
  // From the address bar: the hostile and the oversized one. The page says so in plain
  // words, the reason folded below, and the address bar keeps the link to be copied
  // while the default scene runs, until the user acts.
  for (const [link, says] of cases.slice(0, 2)) {
    const page = await openLab(env.browser, env.server.url, link, { width: 640, height: 480 });
    assert.equal(await page.evaluate(() => window.contactlab.sceneName), 'stick_slip');
    const shown = await page.locator('#error-text').textContent();
    assert.match(shown, /^This link is damaged or incomplete, so the default scene \(stick_slip\) is shown\./);
    assert.doesNotMatch(shown, /DEFLATE|base64|link:/, 'no technical words in the sentence');
    assert.equal(await page.locator('#error-details').getAttribute('open'), null, 'the reason folded');
    assert.equal(await page.locator('#error-reason').isVisible(), false);
    await page.locator('#error-details summary').click();
    const reason = await page.locator('#error-reason').textContent();
    assert.ok(reason.startsWith('link: ') && reason.includes(says), reason);
    assert.equal(await page.evaluate(() => document.querySelector('#error-panel img')), null);
    assert.equal(await page.evaluate(() => window.pwned), undefined);
    await page.waitForTimeout(1000); // twice the address bar's interval, playing
    assert.equal(await page.evaluate(() => window.location.hash), link, 'the broken link stays');
    await page.evaluate(() => window.contactlab.setOption('friction_coefficient', 0.3));
    await page.waitForFunction((broken) => window.location.hash !== broken, link, { timeout: 3000 });
    await page.close();
  }
  // Every one opened on a running page (the same reading): refused with its reason,
  // and the scene running before stays, at its step.
  const page = await openLab(env.browser, env.server.url, '?scene=incline', { width: 640, height: 480 });
  // The page plays as it opens, so it may have taken a step before the pause.
  const atStep = await page.evaluate(() => {
    window.contactlab.pause();
    window.contactlab.step(7);
    return window.contactlab.stepCount;
  });
  assert.ok(atStep >= 7);
  for (const [link, says] of cases) {
    const error = await page.evaluate((link) => window.contactlab.openLink(link), link);
    assert.match(error, /^link: /);
    assert.ok(error.includes(says), error);
    assert.deepEqual(await page.evaluate(() => [window.contactlab.sceneName, window.contactlab.stepCount]), ['incline', atStep]);
  }
  assert.equal(await page.evaluate(() => window.pwned), undefined);
  await page.close();
});

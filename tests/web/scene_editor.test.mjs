// The editor's plumbing (web/src/editor/scene_editor.js): every edit goes to the
// session's editScene, a refusal leaves the scene, the undo history and the selection
// as they were and names its field, undo and redo load the texts before and after,
// and editing holds the run at its start until play. The session and loop are
// stand-ins that record what they are asked; the stand-in session refuses as the core
// words a non-positive mass (the real core's checks: tests/e2e/editor.test.mjs).
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EditJournal } from '../../web/src/editor/edit_journal.js';
import { readFileSync } from 'node:fs';
import { SceneEditor, messageField, nameStemOf } from '../../web/src/editor/scene_editor.js';
import { Emitter } from '../../web/src/session/emitter.js';

class StandInSession extends Emitter {
  sceneText = '';
  loaded = []; // every text editScene accepted
  resets = 0;

  load(text) {
    this.sceneText = text;
    this.emit('loaded', { edited: false });
  }

  editScene(text) {
    const bad = JSON.parse(text).bodies.findIndex((body) => !body.static && !(body.mass > 0));
    if (bad >= 0) return `bodies[${bad}].mass: must be a finite number in (0, 1000000] kg, got ${JSON.parse(text).bodies[bad].mass}`;
    this.sceneText = text;
    this.loaded.push(text);
    this.emit('loaded', { edited: true });
    return '';
  }

  reset() {
    this.resets += 1;
  }
}

class StandInLoop extends Emitter {
  playing = true;
  pause() {
    this.playing = false;
    this.emit('playing', false);
  }
  play() {
    this.playing = true;
    this.emit('playing', true);
  }
}

const START = { name: 'start', bodies: [{ name: 'ground', static: true, geoms: [{ type: 'plane' }] }] };

function editorOn(budget = undefined, sources = {}) {
  const session = new StandInSession();
  const loop = new StandInLoop();
  const editor = new SceneEditor(session, loop, new EditJournal(budget), sources);
  editor.followSession(session);
  const events = [];
  for (const name of ['changed', 'selected', 'refused']) editor.on(name, (detail) => events.push([name, detail]));
  session.load(JSON.stringify(START));
  return { session, loop, editor, events };
}

test('a core message names its field', () => {
  assert.equal(messageField('bodies[1].mass: must be a finite number in (0, 1000000] kg, got -1'), 'bodies[1].mass');
  assert.equal(messageField('friction.pairs[0].restitution: must be ...'), 'friction.pairs[0].restitution');
  assert.equal(messageField('scene not loaded'), '');
});

test('an editor that comes after the scene was loaded (its chunk after the first frame) starts from the scene shown', () => {
  const session = new StandInSession();
  session.load(JSON.stringify(START));
  const editor = new SceneEditor(session, new StandInLoop(), new EditJournal());
  const changed = [];
  editor.on('changed', ({ scene }) => changed.push(scene.name));
  editor.followSession(session);
  assert.deepEqual(changed, ['start']);
  assert.equal(editor.sceneText(), session.sceneText);
  const body = { name: 'crate', mass: 1, position: [0, 0, 0.1], geoms: [{ type: 'box', half_extents: [0.1, 0.1, 0.1] }] };
  assert.equal(editor.addBody(body), '');
  assert.equal(editor.undo(), '');
  assert.deepEqual(JSON.parse(session.sceneText), START, 'undo goes back to the scene shown when the editor came');
});

test('an edit pauses the run at its start, goes through the session and selects the new body', () => {
  const { session, loop, editor } = editorOn();
  assert.equal(editor.editing, false);
  const body = { name: 'crate', mass: 1, position: [0, 0, 0.1], geoms: [{ type: 'box', half_extents: [0.1, 0.1, 0.1] }] };
  assert.equal(editor.addBody(body), '');
  assert.equal(loop.playing, false);
  assert.equal(session.resets, 1);
  assert.equal(editor.editing, true);
  assert.equal(editor.selected, 'crate');
  assert.deepEqual(JSON.parse(session.sceneText).bodies.at(-1), body);
  assert.equal(editor.sceneText(), session.sceneText);
  loop.play();
  assert.equal(editor.editing, false, 'playing ends editing');
  editor.edit();
  assert.equal(editor.editing, true);
  assert.equal(session.resets, 2, 'stop goes back to the start');
  session.emit('stepped', session);
  assert.equal(editor.editing, false, 'a single step ends editing');
  editor.edit();
  session.emit('seeked', { step: 3 });
  assert.equal(editor.editing, false, 'so does the timeline');
});

test('a refused edit changes nothing and names its field', () => {
  const { session, editor, events } = editorOn();
  editor.addBody({ name: 'crate', mass: 1, geoms: [{ type: 'box', half_extents: [0.1, 0.1, 0.1] }] });
  const before = { text: editor.sceneText(), history: editor.history, loads: session.loaded.length };
  const message = 'bodies[1].mass: must be a finite number in (0, 1000000] kg, got -1';
  assert.equal(editor.setBody('crate', { mass: -1 }), message);
  assert.deepEqual(events.at(-1), ['refused', { message, field: 'bodies[1].mass' }]);
  assert.deepEqual({ text: editor.sceneText(), history: editor.history, loads: session.loaded.length }, before);
  assert.equal(editor.selected, 'crate');
  // what only the editor can tell: a body that is not there
  assert.equal(editor.removeBody('barrel'), 'bodies: no body named "barrel" (bodies: ground, crate)');
  assert.equal(editor.addBody('{"name": '), events.at(-1)[1].message);
  assert.match(events.at(-1)[1].message, /^bodies: the new body is not JSON/);
  assert.equal(editor.sceneText(), before.text);
});

test('undo and redo load every text before and after, through the session', () => {
  const { session, editor } = editorOn();
  const texts = [editor.sceneText()];
  editor.addShape('box');
  texts.push(editor.sceneText());
  editor.setBody('box1', { mass: 3 });
  texts.push(editor.sceneText());
  editor.setBody('box1', { name: 'crate' });
  texts.push(editor.sceneText());
  assert.equal(editor.selected, 'crate', 'the selection follows a rename');
  for (let i = texts.length - 2; i >= 0; i -= 1) {
    assert.equal(editor.undo(), '');
    assert.equal(session.sceneText, texts[i]);
    assert.equal(editor.sceneText(), texts[i]);
  }
  assert.equal(editor.selected, null, 'the selected body is gone');
  assert.equal(editor.undo(), '', 'nothing left to undo');
  assert.equal(session.sceneText, texts[0]);
  for (let i = 1; i < texts.length; i += 1) {
    assert.equal(editor.redo(), '');
    assert.equal(session.sceneText, texts[i]);
  }
  assert.equal(editor.history.undoLabel, 'rename box1');
  editor.removeBody('crate');
  assert.equal(editor.history.redo, 0);
  session.load(JSON.stringify(START));
  assert.deepEqual({ undo: editor.history.undo, redo: editor.history.redo }, { undo: 0, redo: 0 }, 'a scene loaded starts again');
});

test("a locked editor (an exercise's scene) refuses every edit and does not stop the run", () => {
  const { session, loop, editor } = editorOn();
  editor.lock('the lab is in the exercise tip_or_slide, whose scene stays');
  const before = editor.sceneText();
  assert.equal(editor.addShape('box'), 'the lab is in the exercise tip_or_slide, whose scene stays');
  assert.equal(editor.undo(), 'the lab is in the exercise tip_or_slide, whose scene stays');
  editor.edit();
  assert.deepEqual([editor.sceneText(), session.loaded.length, loop.playing, editor.editing], [before, 0, true, false]);
});

// The built-in scenes' files, as the page bundles them.
const robotScene = (name) => readFileSync(new URL(`../../assets/scenes/${name}.json`, import.meta.url), 'utf8');

test('a robot is added as one edit, with its links and joints, and undo takes it away whole', () => {
  const { session, editor } = editorOn(undefined, { robotScene });
  const before = editor.sceneText();
  assert.equal(editor.addRobot('parallel_gripper', { position: [0.5, 0, 0], orientation: [1, 0, 0, 0] }), '');
  const [gripper] = JSON.parse(editor.sceneText()).articulations;
  assert.equal(gripper.name, 'gripper');
  assert.deepEqual(gripper.links.map((link) => [link.name, link.joint.type]), [
    ['gripper_hand', 'prismatic'],
    ['gripper_left', 'prismatic'],
    ['gripper_right', 'prismatic'],
  ]);
  assert.deepEqual(gripper.links[0].joint.origin.position, [0.5, 0, 0.12865]);
  assert.equal(session.sceneText, editor.sceneText(), 'through the session');
  assert.equal(editor.history.undoLabel, 'add robot parallel_gripper');
  assert.equal(editor.undo(), '');
  assert.equal(editor.sceneText(), before);
  assert.equal(editor.redo(), '');
  assert.equal(editor.removeRobot('gripper'), '');
  assert.equal(editor.sceneText(), before, 'removal takes it whole');
  assert.equal(editor.undo(), '');
  assert.equal(JSON.parse(editor.sceneText()).articulations[0].links.length, 3);
  const kept = editor.sceneText();
  assert.match(editor.addRobot('r2d2'), /^articulations: no robot model "r2d2"/);
  assert.equal(editor.sceneText(), kept, 'a refused robot changes nothing');
});

test('a robot is selected whole and moved by its root joint origin as one edit; a bad pose is refused naming the field', () => {
  const { session, editor, events } = editorOn(undefined, { robotScene });
  assert.equal(editor.addRobot('parallel_gripper', { position: [0.5, 0, 0], orientation: [1, 0, 0, 0] }), '');
  editor.select('gripper');
  assert.equal(editor.selected, 'gripper');
  assert.equal(editor.selectedRobot, 'gripper');
  const before = editor.sceneText();
  const turned = [Math.SQRT1_2, 0, 0, Math.SQRT1_2];
  assert.equal(editor.setRobotPose('gripper', { position: [1, -0.25, 0.3], orientation: turned }), '');
  assert.equal(session.sceneText, editor.sceneText(), 'through the session');
  assert.deepEqual(editor.robotPose('gripper'), { position: [1, -0.25, 0.3], orientation: turned });
  const [hand, left] = JSON.parse(editor.sceneText()).articulations[0].links;
  assert.deepEqual(hand.joint.origin, { position: [1, -0.25, 0.3], orientation: turned });
  assert.deepEqual(left.joint.origin.position, [0, 0, -0.0584], 'a child link keeps its origin on its parent');
  assert.equal(editor.history.undoLabel, 'move gripper');
  const moved = editor.sceneText();
  for (const [pose, field] of [
    [{ position: [NaN, 0, 0] }, 'articulations[0].links[0].joint.origin.position'],
    [{ position: 'up' }, 'articulations[0].links[0].joint.origin.position'],
    [{ position: [0, 0, 0], orientation: [2, 0, 0, 0] }, 'articulations[0].links[0].joint.origin.orientation'],
    [null, 'articulations[0].links[0].joint.origin.position'],
  ]) {
    const error = editor.setRobotPose('gripper', pose);
    assert.ok(error.startsWith(`${field}: must be`), error);
    assert.deepEqual(events.at(-1), ['refused', { message: error, field }]);
    assert.equal(editor.sceneText(), moved, 'a refused pose changes nothing');
  }
  assert.match(editor.setRobotPose('gripper', { position: [NaN, 0, 0] }), /got \[NaN, 0, 0\]$/);
  assert.match(editor.setRobotPose('nobody', { position: [0, 0, 0] }), /^articulations: no articulation named "nobody" \(articulations: gripper\)/);
  assert.equal(editor.undo(), '');
  assert.equal(editor.sceneText(), before, 'undo puts the robot back');
  assert.deepEqual(editor.robotPose('gripper').position, [0.5, 0, 0.12865]);
  assert.equal(editor.selectedRobot, 'gripper', 'still selected');
  assert.equal(editor.removeRobot('gripper'), '');
  assert.equal(editor.selected, null, 'a removed robot is no longer selected');
});

test("a mesh file's hull is made by the mesh reader and added as a body; its refusal changes nothing", async () => {
  const requests = [];
  const hull = { type: 'convex_hull', vertices: [[0, 0, 0], [1, 0, 0], [0, 1, 0], [0, 0, 1]] };
  const meshBody = async (content, request) => {
    requests.push({ content, request });
    if (request.file === 'flat.stl') return { error: `${request.field}.geoms[0].vertices: flat.stl: its convex hull cannot be built (all points are coplanar: the hull has no volume)` };
    return { error: '', body: { name: request.name, mass: request.mass, position: [0, 0, 0], orientation: [1, 0, 0, 0], geoms: [hull] }, report: '' };
  };
  const { editor, events } = editorOn(undefined, { meshBody });
  assert.equal(await editor.addHull('', 'solid cup', { file: 'parts/Cup Holder.STL', units: 'mm' }), '');
  assert.deepEqual(requests[0], {
    content: 'solid cup',
    request: { file: 'parts/Cup Holder.STL', units: 'mm', name: 'Cup_Holder1', mass: 1, field: 'bodies[1]' },
  });
  const added = JSON.parse(editor.sceneText()).bodies[1];
  assert.deepEqual(added.geoms, [hull]);
  assert.deepEqual(added.position, [0, 0, 0], 'the first body beside the ground goes to the origin');
  assert.equal(editor.selected, 'Cup_Holder1');
  assert.equal(editor.history.undoLabel, 'add Cup_Holder1');
  const before = { text: editor.sceneText(), history: editor.history };
  const message = await editor.addHull('plate', new Uint8Array(84), { file: 'flat.stl' });
  assert.match(message, /^bodies\[2\]\.geoms\[0\]\.vertices: flat\.stl: /);
  assert.deepEqual(events.at(-1), ['refused', { message, field: 'bodies[2].geoms[0].vertices' }]);
  assert.deepEqual({ text: editor.sceneText(), history: editor.history }, before);
  assert.equal(await editor.addHull('cup', 'solid cup', { position: [1, 2, 0.5] }), '');
  assert.equal(requests.at(-1).request.file, 'cup.stl', 'an STL named after the body by default');
  assert.deepEqual(JSON.parse(editor.sceneText()).bodies[2].position, [1, 2, 0.5]);
  assert.equal(await editorOn().editor.addHull('cup', 'solid'), 'bodies: this page reads no mesh files');
});

test("a file's name as a body's name stem", () => {
  assert.equal(nameStemOf('parts/Cup Holder (v2).STL'), 'Cup_Holder_v2_');
  assert.equal(nameStemOf('.obj'), 'hull');
});

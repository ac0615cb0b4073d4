// window.contactlab: a small read-only API for tests, lecturers' scripts and graders
// (documented in docs/page.md). It only reads the simulation and calls the same
// actions as the control panel; errors come back as strings ("" = success).
import {
  CONTACT_FIELD,
  CONTACT_MODES,
  CONTACT_STRIDE,
  FORMULATIONS,
  JOINT_FIELD,
  JOINT_STRIDE,
  POSE_STRIDE,
  WRENCH_STRIDE,
} from './simulation.js';
import { builtinSceneNames, builtinScenes } from './scenes.js';

const NOT_READY = 'contactlab is still loading (await window.contactlab.ready)';
const LIMIT_NAMES = Object.freeze({ '-1': 'lower', 0: 'free', 1: 'upper' });

function triple(view, offset) {
  return [view[offset], view[offset + 1], view[offset + 2]];
}

// The articulation that has a link of this name (link names are unique in a scene).
function ownerOf(articulations, link) {
  return articulations.find((a) => a.links.some((l) => l.name === link)) ?? articulations[0];
}

// `app` is filled in by main.js once the module and the first scene are loaded:
// { simulation, loop, view, actions, wrenchSpace, lockStep, formulationPanel, plots,
// compare }. `ready` resolves then (or rejects with the
// load error, which the page also shows).
export function createAutomationApi(app, ready) {
  const api = {
    ready,
    get loaded() {
      return app.simulation !== null;
    },
    get time() {
      return app.simulation ? app.simulation.time : 0;
    },
    get stepCount() {
      return app.simulation ? app.simulation.stepCount : 0;
    },
    get sceneName() {
      return app.simulation?.description ? app.simulation.description.name : '';
    },
    get playing() {
      return app.loop ? app.loop.playing : false;
    },
    get solver() {
      return app.simulation ? app.simulation.solverReport() : null;
    },
    sceneNames: builtinSceneNames,
    // The JSON text of a built-in scene, or undefined.
    builtinScene(name) {
      return builtinScenes[name];
    },
    options() {
      return app.simulation ? app.simulation.options() : {};
    },
    contacts() {
      if (!app.simulation) return [];
      const count = app.simulation.contactCount;
      const view = app.simulation.contactView();
      const contacts = [];
      for (let i = 0; i < count; i += 1) {
        const base = i * CONTACT_STRIDE;
        contacts.push({
          position: triple(view, base + CONTACT_FIELD.position),
          normal: triple(view, base + CONTACT_FIELD.normal),
          phi: view[base + CONTACT_FIELD.phi],
          fn: view[base + CONTACT_FIELD.normalForce],
          ft: triple(view, base + CONTACT_FIELD.frictionForce),
          mode: CONTACT_MODES[view[base + CONTACT_FIELD.mode]] ?? 'unknown',
          mu: view[base + CONTACT_FIELD.mu],
          bodyA: view[base + CONTACT_FIELD.bodyA],
          bodyB: view[base + CONTACT_FIELD.bodyB],
          vn: view[base + CONTACT_FIELD.normalVelocity],
          vt: triple(view, base + CONTACT_FIELD.tangentialVelocity),
        });
      }
      return contacts;
    },
    bodies() {
      if (!app.simulation) return [];
      const poses = app.simulation.poseView();
      return app.simulation.description.bodies.map((body, i) => {
        const base = i * POSE_STRIDE;
        return {
          name: body.name,
          static: body.static,
          position: triple(poses, base),
          orientation: [poses[base + 3], poses[base + 4], poses[base + 5], poses[base + 6]],
        };
      });
    },
    // Every revolute or prismatic joint of every articulation, in scene order.
    // The grasp analysis now: {object, contacts, forceClosure, epsilon, volume,
    // dimension} (what the force-closure badge shows), or null without a scene.
    grasp() {
      return app.simulation ? app.simulation.graspReport() : null;
    },
    joints() {
      if (!app.simulation) return [];
      const joints = [];
      app.simulation.articulations.forEach((articulation, index) => {
        const view = app.simulation.jointView(index);
        for (const link of articulation.links) {
          if (link.joint_index < 0) continue;
          const base = link.joint_index * JOINT_STRIDE;
          joints.push({
            articulation: articulation.name,
            link: link.name,
            type: link.joint.type,
            actuated: link.joint.actuated,
            closeDirection: link.joint.close_direction,
            lower: link.joint.lower ?? -Infinity,
            upper: link.joint.upper ?? Infinity,
            position: view[base + JOINT_FIELD.position],
            velocity: view[base + JOINT_FIELD.velocity],
            target: view[base + JOINT_FIELD.target],
            goal: view[base + JOINT_FIELD.goal],
            effort: view[base + JOINT_FIELD.effort],
            limit: LIMIT_NAMES[view[base + JOINT_FIELD.limit]] ?? 'free',
          });
        }
      });
      return joints;
    },
    // Moves one actuated joint's set point smoothly to `position` [rad or m]; link
    // names are unique in a scene, so the link names its articulation.
    setJointTarget(link, position) {
      if (!app.actions) return NOT_READY;
      const articulations = app.simulation.articulations;
      const owner = articulations.find((a) => a.links.some((l) => l.name === link)) ?? articulations[0];
      return app.actions.setJointTarget(owner ? owner.name : '', link, position);
    },
    // Jogs a link's frame by (dx, dy, dz) [m, world axes] with its orientation kept,
    // as the Cartesian jog buttons do.
    jog(link, dx, dy, dz) {
      if (!app.actions) return NOT_READY;
      const owner = ownerOf(app.simulation.articulations, link);
      return app.actions.jog(owner ? owner.name : '', link, dx, dy, dz);
    },
    // A link's frame now: {position: [x,y,z], orientation: [w,x,y,z]}, or null.
    linkPose(link) {
      if (!app.simulation) return null;
      const owner = ownerOf(app.simulation.articulations, link);
      const pose = app.simulation.linkPose(owner ? owner.name : '', link);
      if (pose.length < 7) return null;
      return { position: triple(pose, 0), orientation: [pose[3], pose[4], pose[5], pose[6]] };
    },
    // The grasp's primitive wrenches now: [{force: [fx,fy,fz], torque: [tx,ty,tz]}],
    // one per friction cone edge of each contact on the grasped object.
    graspWrenches() {
      if (!app.simulation) return [];
      const view = app.simulation.graspWrenches();
      const wrenches = [];
      for (let base = 0; base + WRENCH_STRIDE <= view.length; base += WRENCH_STRIDE) {
        wrenches.push({ force: triple(view, base), torque: triple(view, base + 3) });
      }
      return wrenches;
    },
    // 'autograsp' or 'open' on the named articulation, by default the first one with
    // finger joints.
    command(kind, articulation = undefined) {
      if (!app.actions) return NOT_READY;
      const articulations = app.simulation.articulations;
      const withFingers = articulations.find((a) => a.links.some((l) => l.joint.close_direction !== 0));
      const name = articulation ?? (withFingers ?? articulations[0])?.name ?? '';
      return app.actions.command(name, kind);
    },
    setOption(name, value) {
      return app.actions ? app.actions.setOption(name, value) : NOT_READY;
    },
    loadScene(jsonOrObject) {
      if (!app.actions) return NOT_READY;
      const text = typeof jsonOrObject === 'string' ? jsonOrObject : JSON.stringify(jsonOrObject);
      return app.actions.loadScene(text, null);
    },
    reset() {
      if (app.actions) app.actions.reset();
    },
    pause() {
      if (app.actions) app.actions.pause();
    },
    play() {
      if (app.actions) app.actions.play();
    },
    // Steps n times at once (whether playing or paused; in compare mode the ghost
    // too, and the plots sample every step); returns the steps taken.
    step(n = 1) {
      return app.lockStep ? app.lockStep.step(n) : 0;
    },
    formulations: FORMULATIONS,
    // The formulation in force, by name.
    get formulation() {
      return app.simulation ? app.simulation.formulation : '';
    },
    // Switches the formulation live, as the panel's selector; returns "" or the error.
    setFormulation(name) {
      if (!app.actions) return NOT_READY;
      const index = FORMULATIONS.indexOf(name);
      if (index < 0) return `formulation: must be one of ${FORMULATIONS.join(', ')}, got "${name}"`;
      return app.actions.setOption('formulation', index);
    },
    // Compare mode on (the ghost under `formulation`, by default another one than the
    // page's) or off; returns "" or the error. Turning it on restarts both.
    compare(on, formulation = undefined) {
      return app.compare ? app.compare.setEnabled(Boolean(on), formulation) : NOT_READY;
    },
    // The compare table's numbers, {body, page: {...}, twin: {...}}, or null when off.
    comparison() {
      return app.compare ? app.compare.numbers() : null;
    },
    // The plots' contact choices so far: [{key, label}].
    plotPairs() {
      return app.plots ? app.plots.pairs.choices.map(({ key, label }) => ({ key, label })) : [];
    },
    // Plots the contact choice with this key or label; returns "" or the error.
    selectPlotPair(keyOrLabel) {
      return app.plots ? app.plots.select(String(keyOrLabel)) : NOT_READY;
    },
    // The plotted arrays (copies): {choice, windowSeconds, time, primary: {normalForce,
    // frictionForce, normalVelocity, slipSpeed, gap, mode}, twin: {...}}.
    plotSeries() {
      return app.plots ? app.plots.plotted() : null;
    },
    // Test hooks: how many friction cones and force arrows are drawn right now.
    view: Object.freeze({
      visibleCones: () => (app.view ? app.view.contacts.visibleConeCount() : 0),
      visibleArrows: () => (app.view ? app.view.contacts.visibleArrowCount() : 0),
      markedGraspContacts: () => (app.view ? app.view.contacts.visibleHighlightCount() : 0),
      // Compare mode's ghost: how many bodies it draws.
      ghostBodies: () => (app.view ? app.view.ghost.drawnCount() : 0),
      // The plots: whether shown, how often they have been redrawn and the y ranges
      // drawn ([min, max] per plot: normal force, friction, velocity, gap; SI units).
      plots: () =>
        app.plots ? { shown: app.plots.shown, redraws: app.plots.redraws, ranges: app.plots.drawnRanges() } : null,
      // The formulation folder: the selector's value, the note and the parameters shown.
      formulationPanel: () =>
        app.formulationPanel
          ? {
              formulation: app.formulationPanel.formulation,
              note: app.formulationPanel.note.textContent,
              parameters: app.formulationPanel.shownParameters,
            }
          : null,
      // The wrench-space inset: {shown, projection, wrenches, dimension, hullVertices,
      // originInside} as last drawn.
      wrenchSpace: () => (app.wrenchSpace ? { ...app.wrenchSpace.summary } : null),
    }),
  };
  return Object.freeze(api);
}

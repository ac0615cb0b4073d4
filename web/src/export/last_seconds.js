// A video of the run's last seconds. The page keeps no pictures of what it showed, so
// it plays the run again: it reopens its own link (docs/links.md: the scene, the
// options and every action of the run), plays it back as fast as it can up to
// `seconds` of simulated time before where the run was, and from there at real time
// while the canvas is recorded, to the step it was at. A run is deterministic, so the
// video shows the states the page showed and the page ends where it was (checked),
// paused or playing as before. The video holds its first state until the encoder has
// started (a fraction of a second) and its last for HOLD_MS (which also gives the
// encoder time for the last frames). A scene slower than real time plays slower in the
// video as it did on screen; the camera is where the link puts it (where the user left
// it, or the scene's framing).
import { WebmRecorder } from './webm_recorder.js';

const HOLD_MS = 500;
const ENCODER_START_MS = 10000; // an encoder that has not started by then is given up

function once(emitter, name) {
  return new Promise((resolve) => {
    const stop = emitter.on(name, () => {
      stop();
      resolve(name);
    });
  });
}

function delay(ms, value) {
  return new Promise((resolve) => setTimeout(() => resolve(value), ms));
}

// `reopen()` opens the page's own link again, paused, and returns "" or the error.
// Resolves with {blob, from, to} (the simulated times shown); rejects with why not.
// `view`: the page's View, which draws every frame while recording (it otherwise
// draws only when the picture changed, and a held state is a video's frames too).
export async function recordLastSeconds(seconds, { session, loop, view, reopen }) {
  const simulation = session.simulation;
  const endStep = simulation.stepCount;
  const endTime = simulation.time;
  if (endStep === 0) throw new Error('nothing to record yet: the run is at t = 0');
  if (session.replayRemaining > 0) throw new Error('a link is still playing back; try again when it is done');
  const recorder = new WebmRecorder(view.renderer.domElement);
  const wasPlaying = loop.playing;
  loop.pause();
  const from = Math.max(0, endTime - seconds);
  const reopenError = reopen();
  if (reopenError) {
    await recorder.stop();
    throw new Error(reopenError);
  }
  loop.replayAtRealTimeFrom(from);
  // Every frame drawn while recording is a frame of the video: the held first state,
  // the run at real time, the held last state.
  const stopCapturing = loop.on('drawn', () => recorder.captureFrame());
  const replayed = once(loop, 'replayed');
  let failure = '';
  view.drawsEveryFrame = true;
  try {
    if ((await Promise.race([once(loop, 'pacing'), replayed])) === 'pacing') {
      const started = await Promise.race([recorder.start().then(() => true), delay(ENCODER_START_MS, false)]);
      if (!started) failure = `the browser's video encoder did not start within ${ENCODER_START_MS / 1000} s`;
      loop.releasePace(started);
      await replayed;
      if (started) await delay(HOLD_MS);
    }
  } finally {
    view.drawsEveryFrame = false;
    stopCapturing();
  }
  const blob = await recorder.stop();
  if (!failure && simulation.stepCount !== endStep) {
    failure = `the run was played back to step ${simulation.stepCount}, not to step ${endStep}`;
  }
  if (!failure && !(blob && (await WebmRecorder.hasFrames(blob)))) {
    failure = 'the browser encoded no frame (it drew too few frames per second); try a smaller window';
  }
  if (wasPlaying) loop.play();
  if (failure) throw new Error(failure);
  return { blob, from, to: endTime };
}

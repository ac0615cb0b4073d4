// Resolves once the next frame has been drawn: the animation frame's callbacks (the
// loop's drawing among them, when it started before this call) run before that frame
// is drawn, so a task queued from them runs after it. A hidden page draws no frame,
// so there it resolves at the next task.
export function afterFirstFrame({
  hidden = document.hidden,
  requestFrame = (callback) => requestAnimationFrame(callback),
  queueTask = (callback) => setTimeout(callback, 0),
} = {}) {
  return new Promise((resolve) => {
    if (hidden) queueTask(resolve);
    else requestFrame(() => queueTask(resolve));
  });
}

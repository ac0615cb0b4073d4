// The page's keyboard shortcuts. The table is also what the help overlay lists.
// A shortcut does not fire while a text field has the keyboard, with Ctrl, Alt or
// Meta held, or (space, and the camera's keys) on a focused button, slider or
// checkbox, which use those keys themselves. The camera's keys repeat while held.

export const SHORTCUTS = Object.freeze([
  { key: ' ', label: 'space', action: 'playPause', what: 'play / pause' },
  { key: '.', label: '.', action: 'step', what: 'single step (pauses)' },
  { key: ',', label: ',', action: 'stepBack', what: 'one step back on the timeline (pauses)' },
  { key: 'r', label: 'r', action: 'restart', what: 'restart the scene (the options are kept)' },
  { key: 'v', label: 'v', action: 'resetView', what: 'reset the view: frame the scene' },
  { key: 'f', label: 'f', action: 'follow', what: 'follow the chosen body on or off (view folder)' },
  { key: 'c', label: 'c', action: 'copyLink', what: 'copy the link to what is on screen' },
  { key: 'p', label: 'p', action: 'present', what: 'presentation mode on or off' },
  { key: 'ArrowLeft', label: '←', action: 'camera', what: 'orbit the camera left (with Shift: pan left)', camera: [-1, 0] },
  { key: 'ArrowRight', label: '→', action: 'camera', what: 'orbit right (with Shift: pan right)', camera: [1, 0] },
  { key: 'ArrowUp', label: '↑', action: 'camera', what: 'orbit up, to look from higher (with Shift: pan up)', camera: [0, 1] },
  { key: 'ArrowDown', label: '↓', action: 'camera', what: 'orbit down (with Shift: pan down)', camera: [0, -1] },
  { key: '+', label: '+', action: 'zoom', what: 'zoom in', zoom: 1 },
  { key: '=', label: '=', action: 'zoom', what: 'zoom in (the + key without Shift)', zoom: 1 },
  { key: '-', label: '-', action: 'zoom', what: 'zoom out', zoom: -1 },
  { key: '?', label: '?', action: 'help', what: 'this list of shortcuts' },
  { key: 'Escape', label: 'Esc', action: null, what: 'close this list' },
]);

const TEXT_INPUT = /^(text|number|search|email|url|tel|password)$/;

// Whether a key pressed on `target` is text being typed into a field, not a shortcut.
export function typing(target) {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target.tagName === 'SELECT' || target.tagName === 'TEXTAREA') return true;
  return target.tagName === 'INPUT' && TEXT_INPUT.test(target.type);
}

function pressable(target) {
  return target instanceof HTMLElement && target.matches('button, a[href], input, [role="button"], summary');
}

// `actions`: {playPause, step, stepBack, restart, resetView, follow, copyLink, present,
// help, camera, zoom}, each a function; camera({orbit, pan}) takes [right, up] steps,
// one of them set, and zoom(steps) steps in (> 0) or out; `helpOpen()` says whether the
// overlay is open (then only "?" acts).
export function listenForShortcuts(actions, helpOpen) {
  window.addEventListener('keydown', (event) => {
    if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
    const shortcut = SHORTCUTS.find(({ key }) => key === event.key);
    if (!shortcut?.action) return;
    const movesCamera = shortcut.camera || shortcut.zoom;
    if (event.repeat && !movesCamera) return;
    if ((shortcut.key === ' ' || movesCamera) && pressable(event.target)) return;
    if (helpOpen() && shortcut.action !== 'help') return;
    event.preventDefault();
    if (shortcut.camera) actions.camera(event.shiftKey ? { pan: shortcut.camera } : { orbit: shortcut.camera });
    else if (shortcut.zoom) actions.zoom(shortcut.zoom);
    else actions[shortcut.action]();
  });
}

// Cartesian jog for arms (seed 002 §5): buttons that move a link's frame one step
// along a world axis in a straight line, its orientation kept, through the core's
// Simulation::jog (a move_cartesian solved by damped-least-squares inverse
// kinematics). Offered for the links the scene description marks `joggable`: links of
// an arm (not below its hand) carried by six or more actuated joints.
// Pressing a button again before the move has ended adds one more step to it.

// Step sizes [m] offered, and the one selected at first.
export const JOG_STEPS = Object.freeze({ '1 mm': 0.001, '5 mm': 0.005, '1 cm': 0.01, '5 cm': 0.05 });
const DEFAULT_STEP = 0.01;

const DIRECTIONS = Object.freeze([
  ['+x', [1, 0, 0]],
  ['+y', [0, 1, 0]],
  ['+z', [0, 0, 1]],
  ['-x', [-1, 0, 0]],
  ['-y', [0, -1, 0]],
  ['-z', [0, 0, -1]],
]);

// The links of an articulation that can be jogged, by name, in link order.
export function joggableLinks(articulation) {
  return articulation.links.filter((link) => link.joggable).map((link) => link.name);
}

function formatPosition(pose) {
  if (pose.length < 3) return 'unknown';
  return `(${pose[0].toFixed(3)}, ${pose[1].toFixed(3)}, ${pose[2].toFixed(3)}) m`;
}

export class CartesianJog {
  // `parent`: the lil-gui folder to add a "Cartesian jog" folder to; `links`: from
  // joggableLinks(); jog(articulation, link, dx, dy, dz) returns "" or the error the
  // page shows.
  constructor(parent, articulation, links, jog) {
    this.articulation = articulation.name;
    // The last link is the one farthest out on the arm (the hand's frame, say).
    this.state = { link: links[links.length - 1], step: DEFAULT_STEP };
    this.folder = parent.addFolder('Cartesian jog');
    this.folder.domElement.classList.add('cartesian-jog');
    if (links.length > 1) this.folder.add(this.state, 'link', links).name('jog link');
    this.folder.add(this.state, 'step', JOG_STEPS).name('jog step');

    const pad = document.createElement('div');
    pad.className = 'jog-buttons';
    Object.assign(pad.style, {
      display: 'grid',
      gridTemplateColumns: 'repeat(3, 1fr)',
      gap: '4px',
      padding: '4px 8px',
    });
    for (const [label, axis] of DIRECTIONS) {
      const button = document.createElement('button');
      button.type = 'button';
      button.textContent = label;
      button.title = `move the link's frame by one step along ${label} (world axes), orientation kept`;
      // As lil-gui's own buttons (theirs sit in a controller row, these in a grid).
      Object.assign(button.style, {
        height: 'var(--widget-height)',
        background: 'var(--widget-color)',
        borderRadius: 'var(--widget-border-radius)',
      });
      button.addEventListener('click', () => {
        const step = this.state.step;
        jog(this.articulation, this.state.link, step * axis[0], step * axis[1], step * axis[2]);
      });
      pad.appendChild(button);
    }
    this.folder.$children.appendChild(pad);

    this.readout = document.createElement('div');
    this.readout.className = 'robot-readout jog-readout';
    this.folder.$children.appendChild(this.readout);
  }

  // The selected link's frame origin now, in the read-out.
  update(simulation) {
    const pose = simulation.linkPose(this.articulation, this.state.link);
    this.readout.textContent = `${this.state.link} at ${formatPosition(pose)}`;
  }
}

// Compare mode's panel: the folder `compare` (compare on or off, the ghost's
// formulation and coordinates, the body the table follows) and the table at the top
// that shows the page's simulation and the twin side by side: formulation and
// coordinates, solver status, problem size, pivots, contacts, the joints' drift in
// maximal coordinates, the chosen body's position and velocity, and the plotted
// quantities' latest values. The twin itself is the session's (session.js), which runs it in
// lock-step and keeps it in step through resets and scene loads; the view draws it as
// a ghost.

const TABLE_INTERVAL_MS = 200;

function formatNumber(value, digits = 3) {
  if (value === null || value === undefined || !Number.isFinite(value)) return '–';
  const text = value.toFixed(digits);
  return Number(text) === 0 ? (0).toFixed(digits) : text; // no "-0.000"
}

export class ComparePanel {
  // `gui`: the lil-gui root; `session`: whose simulations are compared and whose
  // setCompare / setTwinFormulation / setTwinCoordinates the folder calls; `plots`: ContactPlots, whose
  // latest values the table shows; `afterLoad(action)`: runs a compare action once the
  // module's secondary part, which the twin's formulations need, is in (main.js).
  constructor(gui, session, plots, afterLoad = (action) => action()) {
    this.session = session;
    this.plots = plots;
    this.description = null;
    this.lastTableMs = -Infinity;
    this.state = { on: false, formulation: '', coordinates: '', body: 0 };
    const records = session.schema.records;
    this.poseStride = records.bodyPose.stride;
    this.position = records.bodyPose.offsets(['x', 'y', 'z']);
    this.velocityStride = records.bodyVelocity.stride;
    this.velocity = records.bodyVelocity.offsets(['vx', 'vy', 'vz']);

    this.panel = document.getElementById('compare-panel');
    this.cells = {};
    for (const cell of this.panel.querySelectorAll('[data-field]')) {
      this.cells[`${cell.dataset.side}.${cell.dataset.field}`] = cell;
    }

    this.folder = gui.addFolder('compare');
    this.onController = this.folder
      .add(this.state, 'on')
      .name('compare')
      .onChange((on) => afterLoad(() => session.setCompare(on, this.state.formulation, this.state.coordinates)));
    this.formulationController = this.folder
      .add(this.state, 'formulation', session.schema.options.formulations)
      .name('ghost formulation')
      .onChange((name) => afterLoad(() => session.setTwinFormulation(name)));
    this.coordinatesController = this.folder
      .add(this.state, 'coordinates', session.schema.options.valueNames('coordinates'))
      .name('ghost coordinates')
      .onChange((name) => afterLoad(() => session.setTwinCoordinates(name)));
    this.bodyController = this.folder
      .add(this.state, 'body', {})
      .name('body')
      .onChange(() => this.updateTable(true));
  }

  // Follows the session: the bodies of its scene, and compare mode's state after every
  // compare action and step the timeline shows.
  followSession(session) {
    session.on('loaded', ({ description }) => this.setScene(description));
    session.on('seeked', () => this.showState());
    session.on('compareChanged', () => this.showState());
  }

  // A scene was loaded: the bodies the table may follow, at first the free one, else
  // the first link that moves on its joint (not one fixed to the world or its parent).
  setScene(description) {
    this.description = description;
    const bodies = description.bodies;
    const links = new Set();
    const jointed = [];
    for (const articulation of description.articulations ?? []) {
      for (const link of articulation.links) {
        links.add(link.body);
        if (link.joint.type !== 'fixed') jointed.push(link.body);
      }
    }
    const choices = {};
    bodies.forEach((body, index) => {
      if (!body.static) choices[body.name] = index;
    });
    const free = bodies.findIndex((body, index) => !body.static && !links.has(index));
    const first = free >= 0 ? free : jointed.length ? jointed[0] : bodies.findIndex((body) => !body.static);
    this.state.body = Math.max(0, first);
    this.bodyController.options(choices);
    this.showState();
  }

  // Shows compare mode as the session has it: on or off, the twin's formulation and
  // coordinates.
  showState() {
    this.state.on = this.session.twin !== null;
    this.state.formulation = this.session.twinFormulation;
    this.state.coordinates = this.session.twinCoordinates;
    this.onController.updateDisplay();
    this.formulationController.updateDisplay();
    this.coordinatesController.updateDisplay();
    this.panel.hidden = !this.state.on;
    this.updateTable(true);
  }

  // Per frame: the table a few times a second.
  update(nowMs) {
    if (this.session.twin && nowMs - this.lastTableMs >= TABLE_INTERVAL_MS) {
      this.lastTableMs = nowMs;
      this.updateTable();
    }
  }

  // The numbers of both simulations: {body, page: {...}, twin: {...}}, or null when off.
  numbers() {
    const { simulation, twin } = this.session;
    if (!twin) return null;
    const body = this.state.body;
    const { position, velocity } = this;
    const describe = (source, latest) => {
      const report = source.solverReport();
      const poses = source.poseView();
      const velocities = source.velocityView();
      const p = body * this.poseStride;
      const v = body * this.velocityStride;
      return {
        formulation: source.formulation,
        coordinates: source.coordinates,
        jointError: source.coordinates === 'maximal' ? source.jointError : null,
        time: source.time,
        status: report.status,
        message: report.message,
        problemSize: report.lcpSize,
        pivots: report.pivots,
        contacts: source.contactCount,
        position: [poses[p + position.x], poses[p + position.y], poses[p + position.z]],
        velocity: [velocities[v + velocity.vx], velocities[v + velocity.vy], velocities[v + velocity.vz]],
        ...latest,
      };
    };
    return {
      body: this.description.bodies[body]?.name ?? '',
      page: describe(simulation, this.plots.latest('primary')),
      twin: describe(twin, this.plots.latest('twin')),
    };
  }

  updateTable(now = false) {
    const numbers = this.numbers();
    if (!numbers) return;
    if (now) this.lastTableMs = performance.now();
    for (const side of ['page', 'twin']) {
      const values = numbers[side];
      const set = (field, text) => {
        this.cells[`${side}.${field}`].textContent = text;
      };
      set('formulation', values.formulation);
      set('coordinates', values.coordinates);
      set('status', values.status);
      this.cells[`${side}.status`].title = values.message;
      const healthy = values.status === 'solved' || values.status === 'no contacts';
      this.cells[`${side}.status`].classList.toggle('warning', !healthy);
      set('size', `${values.problemSize} / ${values.pivots}`);
      set('contacts', String(values.contacts));
      set('joint-error', values.jointError === null ? '–' : values.jointError.toExponential(1));
      set('position', values.position.map((x) => formatNumber(x)).join(', '));
      set('velocity', values.velocity.map((x) => formatNumber(x)).join(', '));
      set('forces', `${formatNumber(values.normalForce, 2)} / ${formatNumber(values.frictionForce, 2)}`);
      set('slip', `${formatNumber(values.slipSpeed)} / ${formatNumber(values.gap === null ? null : 1000 * values.gap)}`);
    }
    document.getElementById('compare-body').textContent = numbers.body;
  }
}

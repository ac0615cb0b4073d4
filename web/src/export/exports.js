// What the export folder saves (docs/page.md, Export and open), each as a download
// named after the scene and the simulated time: the body states as the command line's
// CSV, the plotted series as CSV, the view as PNG, the run's last seconds as WebM and
// the scene with the options in force as JSON. Each action returns a promise of ""
// or the error, which is also shown.
import { download } from './download.js';
import { exportFileName } from './file_names.js';
import { recordLastSeconds } from './last_seconds.js';
import { seriesCsv } from './series_csv.js';
import { stateCsv } from './state_csv.js';
import { viewPng } from './view_png.js';

export class Exports {
  #session;
  #view;
  #plots;
  #loop;
  #reopen;
  #status;
  #recording = false;

  // `reopen()` opens the page's own link again, paused ("" or the error); `status`:
  // the page's StatusPanel.
  constructor({ session, view, plots, loop, reopen, status }) {
    this.#session = session;
    this.#view = view;
    this.#plots = plots;
    this.#loop = loop;
    this.#reopen = reopen;
    this.#status = status;
  }

  #fileName(what, extension, time = this.#session.simulation.time) {
    return exportFileName(this.#session.simulation.description?.name, time, what, extension);
  }

  #fail(what, error) {
    const message = error.message ?? String(error);
    this.#status.showError(`${what} not exported`, message);
    return message;
  }

  // The run stands still while its rows are printed (state_csv.js), then plays on if
  // it played.
  async stateCsv() {
    const time = this.#session.simulation.time;
    const wasPlaying = this.#loop.playing;
    this.#loop.pause();
    let csv;
    try {
      csv = await stateCsv(this.#session.simulation, (fraction) =>
        this.#status.showNotice(`printing the state CSV: ${Math.floor(100 * fraction)} % (the run waits)`),
      );
    } catch (error) {
      return this.#fail('state CSV', error);
    } finally {
      if (wasPlaying) this.#loop.play();
    }
    const { blob, rows, dropped, from } = csv;
    if (dropped === 0) {
      download(blob, this.#fileName('states', 'csv', time));
      return '';
    }
    // The budget dropped the run's first rows: the name and a notice say from when on.
    download(blob, this.#fileName(`states_from_t${from.toFixed(3)}s`, 'csv', time));
    this.#status.showNotice(
      `state CSV from t = ${from.toFixed(3)} s: the page keeps the last ${rows} rows, the first ${dropped} were dropped`,
    );
    return '';
  }

  async seriesCsv() {
    const plotted = this.#plots.plotted();
    if (!plotted.choice && !plotted.loops) {
      return this.#fail('plotted series', new Error('nothing is plotted yet (no contact so far)'));
    }
    const text = seriesCsv(plotted, this.#session.twin !== null);
    download(new Blob([text], { type: 'text/csv' }), this.#fileName('series', 'csv'));
    return '';
  }

  async viewPng() {
    try {
      const { simulation, twin } = this.#session;
      download(await viewPng(this.#view, simulation, twin), this.#fileName('view', 'png'));
      return '';
    } catch (error) {
      return this.#fail('view', error);
    }
  }

  async sceneJson() {
    const text = this.#session.simulation.sceneFile();
    download(new Blob([text], { type: 'application/json' }), this.#fileName('scene', 'json'));
    return '';
  }

  // The last `seconds` of simulated time (export/last_seconds.js).
  async video(seconds) {
    if (this.#recording) return this.#fail('video', new Error('a video is being recorded'));
    this.#recording = true;
    this.#status.showNotice(`recording the last ${seconds} s: playing the run again`);
    try {
      const { blob, from, to } = await recordLastSeconds(seconds, {
        session: this.#session,
        loop: this.#loop,
        view: this.#view,
        reopen: this.#reopen,
      });
      download(blob, this.#fileName(`from_t${from.toFixed(3)}s`, 'webm', to));
      return '';
    } catch (error) {
      return this.#fail('video', error);
    } finally {
      this.#recording = false;
    }
  }
}

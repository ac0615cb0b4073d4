// A part of the page kept out of the page's first script: a chunk of its own, imported
// (`load`) after the first frame is drawn or at the part's first use, whichever comes
// first. An action on the part before it arrived is kept and run once it is in, in the
// order the actions came, before any action that comes after; none is dropped. A chunk
// that did not load is reported (`onError`) with the actions that waited for it
// refused, and tried again at the next use.
export class DeferredPart {
  #make;
  #onError;
  #arriving = null;
  #part = undefined;
  #waiting = []; // [{action, resolve, reject}] in the order they came

  // `make()`: a promise of the part (its chunk imported and the part made from it);
  // `onError(error)`: says that it did not load.
  constructor(make, onError = () => {}) {
    this.#make = make;
    this.#onError = onError;
  }

  // The part once it is in, else undefined.
  get part() {
    return this.#part;
  }

  // Starts bringing the part in (once); a promise of it.
  load() {
    this.#arriving ??= new Promise((resolve) => resolve(this.#make())).then(
      (part) => {
        this.#part = part;
        for (const waiting of this.#waiting.splice(0)) run(waiting, part);
        return part;
      },
      (error) => {
        this.#arriving = null;
        for (const { reject } of this.#waiting.splice(0)) reject(error);
        this.#onError(error);
        throw error;
      },
    );
    return this.#arriving;
  }

  // Runs action(part): at once when the part is in, else once it arrives (bringing it
  // in). A promise of what the action returns, refused when the part did not load.
  use(action) {
    return new Promise((resolve, reject) => {
      const waiting = { action, resolve, reject };
      if (this.#part !== undefined) {
        run(waiting, this.#part);
        return;
      }
      this.#waiting.push(waiting);
      this.load().catch(() => {});
    });
  }
}

function run({ action, resolve, reject }, part) {
  try {
    resolve(action(part));
  } catch (error) {
    reject(error);
  }
}

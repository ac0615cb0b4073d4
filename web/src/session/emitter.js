// A small event emitter: listeners per event name, called in the order they were
// added with the event's detail. As with DOM events, a listener that throws is
// reported (reportError) and the others still run. Emitting allocates nothing, so an
// event may be sent after every step.
export class Emitter {
  #listeners = new Map(); // event name -> array of listeners, replaced (not changed) on on/off

  // Calls `listener(detail)` on every `name` event; returns a function that stops it.
  on(name, listener) {
    this.#listeners.set(name, [...(this.#listeners.get(name) ?? []), listener]);
    return () => this.off(name, listener);
  }

  off(name, listener) {
    const listeners = this.#listeners.get(name);
    if (listeners) this.#listeners.set(name, listeners.filter((candidate) => candidate !== listener));
  }

  emit(name, detail) {
    const listeners = this.#listeners.get(name);
    if (!listeners) return;
    for (let i = 0; i < listeners.length; i += 1) {
      try {
        listeners[i](detail);
      } catch (error) {
        reportError(error);
      }
    }
  }
}

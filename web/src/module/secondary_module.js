// The main module's secondary part (split_module.js): fetched and compiled off the
// page's thread from the moment the primary's bytes are in (prefetch), and
// instantiated into the primary as soon as both are ready (load), so that what the
// default scene does not run (another scene, formulation, the editor, an exercise, an
// import) finds it there. The page awaits `load` before such an action (afterLoad).
// A call into the secondary that still comes before that fetches and compiles it
// there, synchronously, as a last resort: a synchronous XMLHttpRequest for its bytes
// (as text with a charset that keeps every byte) and WebAssembly.Module, which
// Chromium allows on the main thread for a module of this size (docs/performance.md,
// "The main module split in two").
import { secondaryImports } from './split_module.js';

export class SecondaryModule {
  #url;
  #compiled = null;
  #compiling = null;
  #instance = null;
  #loading = null;

  constructor(url) {
    this.#url = url;
  }

  // Starts the background fetch and compile once; resolves to whether it compiled. A
  // failure leaves the synchronous load to try again, and to report it, on the first
  // call.
  prefetch() {
    this.#compiling ??= fetch(this.#url)
      .then((response) => {
        if (!response.ok) throw new Error(`${this.#url} answered ${response.status}`);
        return response.headers.get('Content-Type')?.startsWith('application/wasm')
          ? WebAssembly.compileStreaming(response)
          : response.arrayBuffer().then((bytes) => WebAssembly.compile(bytes));
      })
      .then((compiled) => {
        this.#compiled ??= compiled;
        return true;
      })
      .catch(() => false);
    return this.#compiling;
  }

  // Instantiates the secondary into `module` (the primary, up) once it is compiled;
  // resolves to whether it is in (false: the background fetch failed, and the first
  // call will load it synchronously).
  load(module) {
    this.#loading ??= this.prefetch().then((compiled) => {
      if (!compiled) return false;
      // At once, on the task that saw the compile end: instantiating the compiled
      // module only fills the primary's table, and one more task would wait behind the
      // page's frames.
      this.#instance ??= new WebAssembly.Instance(this.#compiled, secondaryImports(module));
      return true;
    });
    return this.#loading;
  }

  // Whether the secondary is in the primary's table.
  get loaded() {
    return this.#instance !== null;
  }

  // Runs `action` once the secondary is in (or its load failed): now, returning what it
  // returns, when it is already in; else later, returning a promise of that.
  afterLoad(action) {
    if (this.loaded || this.#loading === null) return action();
    return this.#loading.then(() => action());
  }

  // The secondary's instance, now (Emscripten's loader on a first call before load),
  // marked in the page's performance timeline when it is made here.
  instance(imports) {
    if (this.#instance === null) {
      this.#compiled ??= new WebAssembly.Module(downloadSynchronously(this.#url));
      this.#instance = new WebAssembly.Instance(this.#compiled, imports);
      performance.mark('contactlab:module-second-part-loaded-synchronously');
    }
    return this.#instance;
  }
}

function downloadSynchronously(url) {
  const request = new XMLHttpRequest();
  request.open('GET', url, false);
  request.overrideMimeType('text/plain; charset=x-user-defined');
  request.send();
  if (request.status !== 200) throw new Error(`the module's second part ${url} answered ${request.status}`);
  const text = request.responseText;
  const bytes = new Uint8Array(text.length);
  for (let i = 0; i < text.length; ++i) bytes[i] = text.charCodeAt(i) & 0xff;
  return bytes;
}

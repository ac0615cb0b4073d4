// The main module in its two parts (scripts/split_main_module.sh): the primary
// (contactlab.wasm) holds the functions the page's start and common use run, the
// secondary (contactlab.deferred.wasm) the rest. Emscripten's loader calls
// Module.loadSplitModule on the first call of a function in the secondary, and that
// call waits for it: the secondary is instantiated there, synchronously, and its
// instance fills the primary's table, so every later call goes straight to it.

// Emscripten's own notes around that call (on its printErr), not the page's to show.
const LOADER_NOTES = /^(placeholder function called: |instantiated deferred module, continuing$)/;

// Options for Emscripten's factory. `compiledSecondary()` returns the secondary's
// WebAssembly.Module, synchronously; `warn` shows the loader's other messages.
export function splitModuleOptions(compiledSecondary, warn = (text) => console.warn(text)) {
  let instance = null;
  return {
    loadSplitModule(file, imports) {
      instance ??= new WebAssembly.Instance(compiledSecondary(), imports);
      return instance;
    },
    printErr(text) {
      if (!LOADER_NOTES.test(text)) warn(text);
    },
  };
}

// The main module in its two parts (scripts/split_main_module.sh): the primary
// (contactlab.wasm) holds the functions the page's start on the default scene and its
// common use there run, the secondary (contactlab.deferred.wasm) the rest. The
// secondary's instance fills the primary's table, so that every call goes straight to
// it from then on: the page instantiates it as soon as it is compiled (loadSecondary,
// secondary_module.js). Before that, Emscripten's loader calls Module.loadSplitModule
// on the first call of a function in the secondary, and that call waits for it: the
// secondary is instantiated there, synchronously, a last resort.

// Emscripten's own notes around that call (on its printErr), not the page's to show.
const LOADER_NOTES = /^(placeholder function called: |instantiated deferred module, continuing$)/;

// Options for Emscripten's factory. `instantiateSecondary(imports)` returns the
// secondary's instance, synchronously, the same one on every call; `warn` shows the
// loader's other messages.
export function splitModuleOptions(instantiateSecondary, warn = (text) => console.warn(text)) {
  return {
    loadSplitModule(file, imports) {
      return instantiateSecondary(imports);
    },
    printErr(text) {
      if (!LOADER_NOTES.test(text)) warn(text);
    },
  };
}

// What the secondary imports from the primary, as Emscripten's loader gives it.
export function secondaryImports(module) {
  return { primary: module.asm };
}

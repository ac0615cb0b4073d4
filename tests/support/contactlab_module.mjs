// The WebAssembly module (web/src/wasm/, built by emcmake) loaded in Node for the wasm
// tests, from the repository's files.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { secondaryImports, splitModuleOptions } from '../../web/src/module/split_module.js';

const root = new URL('../../', import.meta.url);

// `directory`: where the module's files are (another build's, for a benchmark): its
// loader, its primary part and the secondary part (web/src/module/split_module.js),
// read from disk and instantiated synchronously on its first call, unless
// loadSecondary(module) put it in first, as the page does. `onSynchronousLoad` is told
// of that synchronous load.
export async function loadContactlab(directory = new URL('web/src/wasm/', root), onSynchronousLoad = () => {}) {
  globalThis.window ??= globalThis;
  const { default: createContactlab } = await import(new URL('contactlab.mjs', directory));
  const wasmBinary = await readFile(new URL('contactlab.wasm', directory));
  const secondaryUrl = new URL('contactlab.deferred.wasm', directory);
  const secondary = { instance: null };
  const instantiateSecondary = (imports) => {
    if (secondary.instance === null) {
      onSynchronousLoad();
      secondary.instance = new WebAssembly.Instance(new WebAssembly.Module(readFileSync(secondaryUrl)), imports);
    }
    return secondary.instance;
  };
  const module = await createContactlab({ wasmBinary, ...splitModuleOptions(instantiateSecondary) });
  secondaryParts.set(module, { secondary, secondaryUrl });
  return module;
}

const secondaryParts = new WeakMap(); // module -> {secondary, secondaryUrl}

// The secondary part compiled and instantiated into `module` asynchronously, as the
// page does (web/src/module/secondary_module.js).
export async function loadSecondary(module) {
  const { secondary, secondaryUrl } = secondaryParts.get(module);
  if (secondary.instance !== null) return;
  const compiled = await WebAssembly.compile(await readFile(secondaryUrl));
  const instance = await WebAssembly.instantiate(compiled, secondaryImports(module));
  secondary.instance ??= instance;
}

// The import module (wasm/import/), built beside it.
export async function loadContactlabImport() {
  globalThis.window ??= globalThis;
  const { default: createContactlabImport } = await import(new URL('web/src/wasm/contactlab_import.mjs', root));
  const wasmBinary = await readFile(new URL('web/src/wasm/contactlab_import.wasm', root));
  return createContactlabImport({ wasmBinary });
}

// The main module, loaded once for the test file that asks for it.
let mainModule;
export function contactlabModule() {
  mainModule ??= loadContactlab();
  return mainModule;
}

// A test body given a new Simulation, deleted afterwards whether the test passes or not.
export function withSimulation(run) {
  return async () => {
    const Module = await contactlabModule();
    const sim = new Module.Simulation();
    try {
      await run(sim);
    } finally {
      sim.delete();
    }
  };
}

// The WebAssembly module (web/src/wasm/, built by emcmake) loaded in Node for the wasm
// tests, from the repository's files.
import { readFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { splitModuleOptions } from '../../web/src/module/split_module.js';

const root = new URL('../../', import.meta.url);

// `directory`: where the module's files are (another build's, for a benchmark): its
// loader, its primary part and the secondary part, read from disk on its first call
// (web/src/module/split_module.js). `compiledSecondary` stands in for that read.
export async function loadContactlab(directory = new URL('web/src/wasm/', root), compiledSecondary = undefined) {
  globalThis.window ??= globalThis;
  const { default: createContactlab } = await import(new URL('contactlab.mjs', directory));
  const wasmBinary = await readFile(new URL('contactlab.wasm', directory));
  const readSecondary = () => new WebAssembly.Module(readFileSync(new URL('contactlab.deferred.wasm', directory)));
  return createContactlab({ wasmBinary, ...splitModuleOptions(compiledSecondary ?? readSecondary) });
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

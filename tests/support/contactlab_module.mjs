// The WebAssembly module (web/src/wasm/, built by emcmake) loaded in Node for the wasm
// tests, from the repository's files.
import { readFile } from 'node:fs/promises';

const root = new URL('../../', import.meta.url);

// `directory`: where the module's two files are (another build's, for a benchmark).
export async function loadContactlab(directory = new URL('web/src/wasm/', root)) {
  globalThis.window ??= globalThis;
  const { default: createContactlab } = await import(new URL('contactlab.mjs', directory));
  const wasmBinary = await readFile(new URL('contactlab.wasm', directory));
  return createContactlab({ wasmBinary });
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

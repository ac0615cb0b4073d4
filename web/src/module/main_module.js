// Emscripten's factory for the main module, with its secondary part
// (split_module.js) loaded as the page loads it (secondary_module.js). Returns
// {module, secondary}: the caller starts secondary.prefetch() once it is up.
import createContactlab from '../wasm/contactlab.mjs';
import secondaryUrl from '../wasm/contactlab.deferred.wasm?url';
import { SecondaryModule } from './secondary_module.js';
import { splitModuleOptions } from './split_module.js';

// `options`: Emscripten's module options (wasmBinary: the primary's bytes).
export async function createMainModule(options = {}) {
  const secondary = new SecondaryModule(secondaryUrl);
  const module = await createContactlab({ ...options, ...splitModuleOptions(() => secondary.compiled()) });
  return { module, secondary };
}

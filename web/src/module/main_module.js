// Emscripten's factory for the main module, with its secondary part
// (split_module.js) loaded as the page loads it (secondary_module.js): its fetch and
// compile start with the primary's instantiation, and it is instantiated into the
// primary once both are done. Returns {module, secondary}; `secondary.load(module)`
// resolves once it is in.
import createContactlab from '../wasm/contactlab.mjs';
import secondaryUrl from '../wasm/contactlab.deferred.wasm?url';
import { SecondaryModule } from './secondary_module.js';
import { splitModuleOptions } from './split_module.js';

export function secondaryModule() {
  return new SecondaryModule(secondaryUrl);
}

// `options`: Emscripten's module options (wasmBinary: the primary's bytes);
// `secondary`: the secondary part, if its fetch was started before.
export async function createMainModule(options = {}, secondary = secondaryModule()) {
  secondary.prefetch();
  const module = await createContactlab({ ...options, ...splitModuleOptions((imports) => secondary.instance(imports)) });
  secondary.load(module);
  return { module, secondary };
}

// The native tests' gripper (gripper_scene.h holds its JSON as two raw strings around
// the timeline), for the WebAssembly tests in Node.
import { readFile } from 'node:fs/promises';

const header = await readFile(new URL('./gripper_scene.h', import.meta.url), 'utf8');
const parts = [...header.matchAll(/R"\(([\s\S]*?)\)"/g)].map((match) => match[1]);
if (parts.length !== 2) throw new Error('tests/support/gripper_scene.h: expected the scene as two raw strings');

// The scene's JSON text with `timeline`, an array of commands.
export const gripperScene = (timeline) => parts[0] + JSON.stringify(timeline) + parts[1];

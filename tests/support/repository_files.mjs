// Where the tests find the repository's files and the native command line, so that
// each test names a scene or a data file rather than how to reach it.
import { readFile } from 'node:fs/promises';

export const repositoryRoot = new URL('../../', import.meta.url);

// A file of the repository, by its path from the repository's top.
export const repositoryUrl = (relativePath) => new URL(relativePath, repositoryRoot);

export const scenePath = (name) => repositoryUrl(`assets/scenes/${name}.json`).pathname;
export const sceneText = (name) => readFile(scenePath(name), 'utf8');

// The native CLI: build/native's, or CONTACTLAB_CLI (a build elsewhere).
export const nativeCli = process.env.CONTACTLAB_CLI ?? repositoryUrl('build/native/contactlab').pathname;

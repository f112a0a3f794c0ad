import { describe, expect, it } from '@jest/globals';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, writeFileSync, cpSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { allTopics, Topics } from './topics.js';

const root = resolve(import.meta.dirname, '../../../..');
const buf = join(root, 'node_modules/.bin/buf');

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true, recursive: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}

describe('event contracts', () => {
  it('pass buf lint', () => {
    expect(() => execFileSync(buf, ['lint', 'proto'], { cwd: root, stdio: 'pipe' })).not.toThrow();
  });

  it('have generated TypeScript that matches the .proto files (never edited by hand)', () => {
    const work = mkdtempSync(join(tmpdir(), 'cairn-buf-'));
    cpSync(join(root, 'proto'), join(work, 'proto'), { recursive: true });
    const template = readFileSync(join(root, 'proto/buf.gen.yaml'), 'utf8').replace(
      '../services/shared/contracts/src/gen',
      join(work, 'gen'),
    );
    writeFileSync(join(work, 'proto/buf.gen.yaml'), template);
    execFileSync(buf, ['generate'], {
      cwd: join(work, 'proto'),
      env: { ...process.env, PATH: `${join(root, 'node_modules/.bin')}:${process.env.PATH}` },
      stdio: 'pipe',
    });
    const committed = join(root, 'services/shared/contracts/src/gen');
    const fresh = join(work, 'gen');
    expect(filesUnder(fresh)).toEqual(filesUnder(committed));
    for (const file of filesUnder(fresh)) {
      expect(readFileSync(join(committed, file), 'utf8')).toBe(readFileSync(join(fresh, file), 'utf8'));
    }
  });

  it('name every event of the architecture as <entity>.<past-tense-verb>', () => {
    expect(allTopics.map((topic) => topic.name).sort()).toEqual([
      'protocol.approved',
      'protocol.deleted',
      'protocol.published',
      'protocol.regenerated',
      'protocol.regeneration-requested',
      'protocol.unpublished',
      'protocol.updated',
      'search.answered',
      'search.requested',
      'upload.extracted',
      'upload.generated',
      'upload.regeneration-requested',
      'user.deleted',
      'user.signed-out',
    ]);
    expect(Topics.userDeleted.schema.typeName).toBe('cairn.accounts.v1.UserDeleted');
  });
});

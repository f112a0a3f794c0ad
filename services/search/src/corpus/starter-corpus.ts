import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { GLOBAL_OWNER } from '../chunks/chunk.js';
import type { ProtocolDocumentInput } from '../chunks/chunker.js';
import { parseMarkdownDocument } from './markdown-document.js';

export interface CorpusFile {
  path: string;
  content: string;
}

export async function readCorpusFiles(dir: string): Promise<CorpusFile[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  const files = entries
    .filter((entry) => entry.isFile() && entry.name.endsWith('.md') && entry.name !== 'README.md')
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
  return Promise.all(files.map(async (path) => ({ path: relative(dir, path).split(sep).join('/'), content: await readFile(path, 'utf8') })));
}

/** A hash of every file's path and content: the starter index is rebuilt only when it changes. */
export function corpusHash(files: CorpusFile[], salt: string): string {
  const hash = createHash('sha256').update(salt);
  for (const file of files) hash.update(`\0${file.path}\0${file.content}`);
  return hash.digest('hex');
}

export function starterDocument(file: CorpusFile): ProtocolDocumentInput {
  const { frontMatter, sections } = parseMarkdownDocument(file.content, file.path);
  return {
    id: file.path.replace(/\.md$/, ''),
    owner: GLOBAL_OWNER,
    source: 'starter',
    title: frontMatter.title,
    organization: frontMatter.organization,
    region: frontMatter.region,
    year: frontMatter.year,
    disease: frontMatter.disease,
    topics: frontMatter.topics,
    sourceUrl: frontMatter.source_url,
    sections,
  };
}

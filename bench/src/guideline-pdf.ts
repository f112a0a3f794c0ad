import { readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pagedPdf, type PdfLine } from '@cairn/testing';
import { repoRoot } from './datasets.js';

const LINES_PER_PAGE = 38;
const GUIDELINE_PAGES = 60;

function wrap(text: string, width = 95): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/).filter(Boolean)) {
    if (line && line.length + word.length + 1 > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  return lines;
}

/**
 * A 60-page guideline: the starter corpus's protocols as chapters (their title, then each section's
 * heading and text wrapped to the page), in the order they come, until 60 pages are full.
 */
export function sixtyPageGuideline(): Buffer {
  const corpus = resolve(repoRoot, 'services/search/corpus');
  const documents = readdirSync(corpus, { recursive: true, encoding: 'utf8' }).filter((file) => file.endsWith('.md') && !file.endsWith('README.md')).sort();
  const lines: PdfLine[] = [];
  for (const file of documents) {
    const source = readFileSync(join(corpus, file), 'utf8');
    const title = /^title:\s*"?(.+?)"?\s*$/m.exec(source)?.[1] ?? file;
    lines.push({ text: title, size: 16 });
    for (const block of source.replace(/^---[\s\S]*?---/, '').split(/\n\s*\n/)) {
      const heading = /^#+\s+(.+)$/m.exec(block)?.[1];
      if (heading) lines.push({ text: heading, size: 13 });
      const text = block.replace(/^#.*$/gm, '').trim();
      if (text) lines.push(...wrap(text.replace(/[*_`>#-]/g, ' ')).map((line) => ({ text: line })));
    }
    if (lines.length >= GUIDELINE_PAGES * LINES_PER_PAGE) break;
  }
  const pages = Array.from({ length: GUIDELINE_PAGES }, (_, page) => lines.slice(page * LINES_PER_PAGE, (page + 1) * LINES_PER_PAGE));
  return pagedPdf(pages, 'Hospital acute care guideline');
}

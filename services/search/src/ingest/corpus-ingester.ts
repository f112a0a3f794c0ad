import { Inject, Injectable } from '@nestjs/common';
import { createHash } from 'node:crypto';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, extname, join, relative, sep } from 'node:path';
import { extractPdfText, sniffFileType } from '@cairn/documents';
import type { Collection, DocumentStore } from '@cairn/platform';
import { GLOBAL_OWNER } from '../chunks/chunk.js';
import { chunkDocument, type DocumentSection, type ProtocolDocumentInput } from '../chunks/chunker.js';
import { parseMarkdownDocument, parseSections } from '../corpus/markdown-document.js';
import { ChunkWriter } from '../indexing/chunk-writer.js';
import { SEARCH_STORE } from '../search.tokens.js';

export interface IngestMetadata {
  organization: string;
  region: string;
  year: number;
}

export interface IngestReport {
  ingested: { file: string; title: string; chunks: number }[];
  skipped: { file: string; reason: string }[];
  failed: { file: string; reason: string }[];
}

export type IngestProgress = (event: { done: number; total: number; file: string; chunks: number; report: IngestReport }) => void;

interface IngestedFile {
  id: string;
  path: string;
  hash: string;
  documentId: string;
  chunks: number;
  ingestedAt: string;
}

const SUPPORTED = new Set(['.pdf', '.md', '.markdown']);
export const MAX_FILE_BYTES = 100 * 1024 * 1024;

async function listFiles(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile() && !entry.name.startsWith('.'))
    .map((entry) => join(entry.parentPath, entry.name))
    .sort();
}

/** Loads a folder of PDFs and markdown files into the global corpus, once per file content. */
@Injectable()
export class CorpusIngester {
  private readonly files: Collection<IngestedFile>;

  constructor(
    private readonly writer: ChunkWriter,
    @Inject(SEARCH_STORE) store: DocumentStore,
  ) {
    this.files = store.collection<IngestedFile>('ingested_files', { indexes: [['path']] });
  }

  async ingestFolder(folder: string, metadata: IngestMetadata, onProgress?: IngestProgress): Promise<IngestReport> {
    const report: IngestReport = { ingested: [], skipped: [], failed: [] };
    const paths = await listFiles(folder);
    let chunkCount = 0;
    for (const [index, path] of paths.entries()) {
      const file = relative(folder, path).split(sep).join('/');
      try {
        const chunks = await this.ingestFile(path, file, metadata, report);
        chunkCount += chunks;
      } catch (error) {
        report.failed.push({ file, reason: (error as Error).message || String(error) });
      }
      onProgress?.({ done: index + 1, total: paths.length, file, chunks: chunkCount, report });
    }
    return report;
  }

  private async ingestFile(path: string, file: string, metadata: IngestMetadata, report: IngestReport): Promise<number> {
    const extension = extname(path).toLowerCase();
    if (!SUPPORTED.has(extension)) {
      report.skipped.push({ file, reason: 'not a PDF or markdown file' });
      return 0;
    }
    if ((await stat(path)).size > MAX_FILE_BYTES) throw new Error('larger than 100 MB');
    const content = await readFile(path);
    const hash = createHash('sha256').update(content).digest('hex');
    if (await this.files.get(hash)) {
      report.skipped.push({ file, reason: 'already ingested (same content)' });
      return 0;
    }
    const pathKey = `${metadata.organization}:${file}`;
    const document = extension === '.pdf' ? await pdfDocument(content, file, metadata) : markdownDocument(content.toString('utf8'), file, metadata);
    const chunks = chunkDocument({ ...document, id: `ingested/${hash.slice(0, 20)}` });
    if (chunks.length === 0) throw new Error('no readable text');
    for (const previous of await this.files.find({ where: { path: pathKey } })) {
      await this.writer.delete({ owner: GLOBAL_OWNER, documentId: previous.documentId });
      await this.files.delete(previous.id);
    }
    await this.writer.write(chunks);
    await this.files.put({ id: hash, path: pathKey, hash, documentId: chunks[0].documentId, chunks: chunks.length, ingestedAt: new Date().toISOString() });
    report.ingested.push({ file, title: document.title, chunks: chunks.length });
    return chunks.length;
  }
}

function baseDocument(file: string, metadata: IngestMetadata, title: string | null, sections: DocumentSection[]): ProtocolDocumentInput {
  return {
    id: '',
    owner: GLOBAL_OWNER,
    source: 'ingested',
    title: title?.trim() || basename(file).replace(/\.[^.]+$/, ''),
    organization: metadata.organization,
    region: metadata.region,
    year: metadata.year,
    disease: '',
    topics: [],
    sourceUrl: '',
    sections,
  };
}

async function pdfDocument(content: Buffer, file: string, metadata: IngestMetadata): Promise<ProtocolDocumentInput> {
  if (sniffFileType(content) !== 'pdf') throw new Error('not a PDF (no %PDF- header)');
  const pdf = await extractPdfText(new Uint8Array(content));
  return baseDocument(file, metadata, pdf.title, pdf.sections);
}

function markdownDocument(markdown: string, file: string, metadata: IngestMetadata): ProtocolDocumentInput {
  if (markdown.startsWith('---')) {
    const { frontMatter, sections } = parseMarkdownDocument(markdown, file);
    return {
      ...baseDocument(file, metadata, frontMatter.title, sections),
      organization: frontMatter.organization,
      region: frontMatter.region,
      year: frontMatter.year,
      disease: frontMatter.disease,
      topics: frontMatter.topics,
      sourceUrl: frontMatter.source_url,
    };
  }
  const title = /^#\s+(.+)$/m.exec(markdown)?.[1] ?? null;
  return baseDocument(file, metadata, title, parseSections(markdown.replace(/^#\s+.+$/m, '')));
}

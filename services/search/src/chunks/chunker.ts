import { withSourcePage } from '@cairn/rules';
import { deriveSubject } from '../subject/document-subject.js';
import type { IndexedChunk } from './chunk.js';

export interface DocumentSection {
  heading: string;
  text: string;
  /** Page of the document the section starts on, when known: its chunks link to that page. */
  page?: number;
}

/** A whole document: a chunk's metadata, with its sections instead of one section and body. */
export type ProtocolDocumentInput = Omit<IndexedChunk, 'documentId' | 'section' | 'body' | 'page'> & { sections: DocumentSection[] };

/** Sections longer than this are split between lines (bullets, paragraphs), never inside one. */
export const MAX_CHUNK_CHARACTERS = 1400;

function splitLongText(text: string, max: number): string[] {
  const lines = text.split('\n').map((line) => line.trim()).filter(Boolean);
  const parts: string[] = [];
  let current = '';
  for (const line of lines) {
    if (current && current.length + line.length + 1 > max) {
      parts.push(current);
      current = '';
    }
    current = current ? `${current}\n${line}` : line;
  }
  if (current) parts.push(current);
  return parts;
}

/** One chunk per section (split on line boundaries when long), each carrying the document's metadata. */
export function chunkDocument(document: ProtocolDocumentInput, max = MAX_CHUNK_CHARACTERS): IndexedChunk[] {
  const chunks: IndexedChunk[] = [];
  const { disease, topics } = deriveSubject(document);
  document.sections.forEach((section, sectionIndex) => {
    splitLongText(section.text, max).forEach((body, part) => {
      chunks.push({
        id: `${document.id}#${sectionIndex + 1}${part > 0 ? `.${part + 1}` : ''}`,
        documentId: document.id,
        owner: document.owner,
        source: document.source,
        title: document.title,
        organization: document.organization,
        region: document.region,
        year: document.year,
        disease,
        topics,
        section: section.heading,
        body,
        sourceUrl: withSourcePage(document.sourceUrl, section.page),
        ...(document.sourceFile !== undefined && { sourceFile: document.sourceFile }),
        ...(section.page && { page: section.page }),
      });
    });
  });
  return chunks;
}

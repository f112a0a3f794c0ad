import type { DocumentSection } from '../chunks/chunker.js';

interface TextLine {
  text: string;
  height: number;
  y: number;
  page: number;
}

export interface PdfText {
  title: string | null;
  pages: number;
  sections: DocumentSection[];
}

interface PdfTextItem {
  str: string;
  height: number;
  transform: number[];
  hasEOL?: boolean;
}

/** Maximum pages read from one PDF; the rest of a longer document is not indexed. */
export const MAX_PDF_PAGES = 500;

async function readLines(data: Uint8Array): Promise<{ lines: TextLine[]; title: string | null; pages: number }> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise;
  try {
    const metadata = await document.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as { Title?: unknown };
    const lines: TextLine[] = [];
    const pages = Math.min(document.numPages, MAX_PDF_PAGES);
    for (let pageNumber = 1; pageNumber <= pages; pageNumber++) {
      const page = await document.getPage(pageNumber);
      const content = await page.getTextContent();
      let current: TextLine | null = null;
      for (const item of content.items as PdfTextItem[]) {
        if (typeof item.str !== 'string') continue;
        if (item.str.trim()) {
          current ??= { text: '', height: 0, y: item.transform[5], page: pageNumber };
          current.text += item.str;
          current.height = Math.max(current.height, item.height);
        } else if (current && item.str) {
          current.text += ' ';
        }
        if (item.hasEOL && current) {
          lines.push(current);
          current = null;
        }
      }
      if (current) lines.push(current);
      page.cleanup();
    }
    const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
    return { lines: lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() })).filter((l) => l.text), title, pages };
  } finally {
    await document.destroy();
  }
}

/** Joins wrapped lines, mending words hyphenated across the break. */
function joinLines(text: string, next: string): string {
  return /[a-z]-$/.test(text) && /^[a-z]/.test(next) ? `${text.slice(0, -1)}${next}` : `${text} ${next}`;
}

/** The font height that sets the most characters: the body text's. */
function bodyTextHeight(lines: TextLine[]): number {
  const characters = new Map<number, number>();
  for (const line of lines) characters.set(Math.round(line.height), (characters.get(Math.round(line.height)) ?? 0) + line.text.length);
  return [...characters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/**
 * Extracts a PDF's text as sections: lines set in a clearly larger font than the body start a new
 * section; paragraphs are rebuilt from line spacing.
 */
export async function extractPdfText(data: Uint8Array): Promise<PdfText> {
  const { lines, title, pages } = await readLines(data);
  const bodyHeight = bodyTextHeight(lines);
  const isHeading = (line: TextLine) => bodyHeight > 0 && line.height >= bodyHeight * 1.2 && line.text.length <= 120;
  const sections: DocumentSection[] = [];
  let section: DocumentSection = { heading: '', text: '' };
  let previous: TextLine | null = null;
  for (const line of lines) {
    if (isHeading(line)) {
      const continuesHeading = previous && isHeading(previous) && previous.page === line.page && !section.text;
      if (continuesHeading) {
        section.heading = `${section.heading} ${line.text}`;
      } else {
        if (section.text) sections.push(section);
        section = { heading: line.text, text: '' };
      }
    } else {
      const gap = previous && previous.page === line.page ? previous.y - line.y : 0;
      const newParagraph = !section.text || previous?.page !== line.page || gap > line.height * 1.8;
      section.text = newParagraph ? (section.text ? `${section.text}\n${line.text}` : line.text) : joinLines(section.text, line.text);
    }
    previous = line;
  }
  if (section.text) sections.push(section);
  const firstHeading = sections.find((s) => s.heading)?.heading ?? null;
  return { title: title ?? firstHeading, pages, sections };
}

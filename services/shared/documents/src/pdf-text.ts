export interface PdfSection {
  heading: string;
  text: string;
  /** Page the section starts on (1-based). */
  page: number;
  /** Font size of the heading (0 for none): larger means a higher level. */
  headingSize: number;
}

export interface PdfText {
  title: string | null;
  /** Pages read. */
  pages: number;
  /** Pages the document has; more than `pages` when it is longer than the read limit. */
  pageCount: number;
  /** Pages whose text came from OCR. */
  ocrPages: number[];
  /** Year the PDF was created, from its metadata. */
  year: number | null;
  sections: PdfSection[];
}

/** Reads the text of one page (1-based) from its image, for pages without a text layer. */
export type PageOcr = (pageNumber: number) => Promise<string>;

export interface PdfTextOptions {
  ocr?: PageOcr;
  maxPages?: number;
  /** Pages OCR may read per document; further scanned pages stay unread. */
  maxOcrPages?: number;
}

export type PdfProblem = 'encrypted' | 'damaged' | 'no-pages';

/** A PDF that cannot be read, with a reason fit to show the user. */
export class PdfReadError extends Error {
  constructor(
    readonly problem: PdfProblem,
    message: string,
  ) {
    super(message);
  }
}

/** Maximum pages read from one PDF; the rest of a longer document is not read. */
export const MAX_PDF_PAGES = 500;
export const MAX_OCR_PAGES = 50;
/** A page with fewer letters than this in its text layer is treated as scanned. */
const SCANNED_PAGE_CHARACTERS = 20;

interface TextLine {
  text: string;
  height: number;
  y: number;
  page: number;
}

interface PdfTextItem {
  str: string;
  height: number;
  transform: number[];
  hasEOL?: boolean;
}

interface PdfPage {
  getTextContent(): Promise<{ items: unknown[] }>;
  cleanup(): void;
}

function textLines(items: PdfTextItem[], pageNumber: number): TextLine[] {
  const lines: TextLine[] = [];
  let current: TextLine | null = null;
  for (const item of items) {
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
  return lines;
}

/** OCR text as body lines, one per paragraph (tesseract separates paragraphs by blank lines). */
function ocrLines(text: string, pageNumber: number): TextLine[] {
  return text
    .split(/\n\s*\n/)
    .map((paragraph, index) => ({ text: paragraph.replace(/\s+/g, ' ').trim(), height: 0, y: -index * 1000, page: pageNumber }))
    .filter((line) => line.text);
}

function readProblem(error: unknown): PdfReadError {
  const name = (error as { name?: string } | null)?.name ?? '';
  if (name === 'PasswordException') return new PdfReadError('encrypted', 'the PDF is password-protected');
  return new PdfReadError('damaged', 'the file is damaged or not a readable PDF');
}

function creationYear(info: { CreationDate?: unknown }): number | null {
  const match = typeof info.CreationDate === 'string' ? /^(?:D:)?(\d{4})/.exec(info.CreationDate) : null;
  const year = match ? Number(match[1]) : NaN;
  return year > 1900 && year <= new Date().getFullYear() + 1 ? year : null;
}

async function readLines(data: Uint8Array, options: PdfTextOptions) {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const document = await getDocument({ data, isEvalSupported: false, disableFontFace: true, useSystemFonts: false, verbosity: 0 }).promise.catch(
    (error: unknown) => {
      throw readProblem(error);
    },
  );
  try {
    if (document.numPages === 0) throw new PdfReadError('no-pages', 'the PDF has no pages');
    const metadata = await document.getMetadata().catch(() => null);
    const info = (metadata?.info ?? {}) as { Title?: unknown; CreationDate?: unknown };
    const lines: TextLine[] = [];
    const ocrPages: number[] = [];
    const pages = Math.min(document.numPages, options.maxPages ?? MAX_PDF_PAGES);
    for (let pageNumber = 1; pageNumber <= pages; pageNumber++) {
      const page = (await document.getPage(pageNumber).catch((error: unknown) => {
        throw readProblem(error);
      })) as PdfPage;
      const pageLines = textLines((await page.getTextContent()).items as PdfTextItem[], pageNumber);
      page.cleanup();
      const letters = pageLines.reduce((sum, line) => sum + line.text.replace(/\s/g, '').length, 0);
      if (letters < SCANNED_PAGE_CHARACTERS && options.ocr && ocrPages.length < (options.maxOcrPages ?? MAX_OCR_PAGES)) {
        ocrPages.push(pageNumber);
        lines.push(...ocrLines(await options.ocr(pageNumber), pageNumber));
      } else {
        lines.push(...pageLines);
      }
    }
    const title = typeof info.Title === 'string' && info.Title.trim() ? info.Title.trim() : null;
    return {
      lines: lines.map((line) => ({ ...line, text: line.text.replace(/\s+/g, ' ').trim() })).filter((line) => line.text),
      title,
      pages,
      pageCount: document.numPages,
      ocrPages,
      year: creationYear(info),
    };
  } finally {
    await document.destroy();
  }
}

/** Joins wrapped lines, mending words hyphenated across the break. */
function joinLines(text: string, next: string): string {
  return /[a-z]-$/.test(text) && /^[a-z]/.test(next) ? `${text.slice(0, -1)}${next}` : `${text} ${next}`;
}

/** A heading says something in words: a rule of dots ('· · · · ·') or a page number set large is none. */
const HAS_WORDS = /\p{L}\p{M}*\p{L}/u;

/** The font height that sets the most characters: the body text's. */
function bodyTextHeight(lines: TextLine[]): number {
  const characters = new Map<number, number>();
  for (const line of lines) {
    const height = Math.round(line.height);
    if (height > 0) characters.set(height, (characters.get(height) ?? 0) + line.text.length);
  }
  return [...characters].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
}

/**
 * Extracts a PDF's text as sections: lines set in a clearly larger font than the body start a new
 * section; paragraphs are rebuilt from line spacing. Pages without a text layer are read by `ocr`
 * when given. Rejects with a PdfReadError for encrypted, damaged and empty PDFs.
 */
export async function extractPdfText(data: Uint8Array, options: PdfTextOptions = {}): Promise<PdfText> {
  const { lines, title, pages, pageCount, ocrPages, year } = await readLines(data, options);
  const bodyHeight = bodyTextHeight(lines);
  const isHeading = (line: TextLine) => bodyHeight > 0 && line.height >= bodyHeight * 1.2 && line.text.length <= 120 && HAS_WORDS.test(line.text);
  const sections: PdfSection[] = [];
  let section: PdfSection = { heading: '', text: '', page: 1, headingSize: 0 };
  let previous: TextLine | null = null;
  for (const line of lines) {
    if (isHeading(line)) {
      const continuesHeading =
        previous && isHeading(previous) && previous.page === line.page && !section.text && Math.round(previous.height) === Math.round(line.height);
      if (continuesHeading) {
        section.heading = `${section.heading} ${line.text}`;
      } else {
        if (section.text) sections.push(section);
        section = { heading: line.text, text: '', page: line.page, headingSize: Math.round(line.height) };
      }
    } else {
      const gap = previous && previous.page === line.page ? previous.y - line.y : 0;
      const newParagraph = !section.text || previous?.page !== line.page || gap > line.height * 1.8;
      if (!section.text && !section.heading) section.page = line.page;
      section.text = newParagraph ? (section.text ? `${section.text}\n${line.text}` : line.text) : joinLines(section.text, line.text);
    }
    previous = line;
  }
  if (section.text) sections.push(section);
  const firstHeading = sections.find((s) => s.heading)?.heading ?? null;
  return { title: title ?? firstHeading, pages, pageCount, ocrPages, year, sections };
}

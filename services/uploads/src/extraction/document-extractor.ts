import { randomUUID } from 'node:crypto';
import { readFile, rm, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import {
  extractPdfText,
  inspectZip,
  PdfReadError,
  popplerTesseractOcr,
  readZipEntries,
  sniffFileType,
  type PageOcr,
  type PdfSection,
  type ZipLimits,
} from '@cairn/documents';
import type { ExtractedText } from '@cairn/contracts';

/** What happened to one file of an upload; shown in the upload status. */
export interface FileReport {
  name: string;
  pages: number;
  ocr_pages: number;
  error: string | null;
}

export interface ExtractionOptions {
  tempDir: string;
  zipLimits: ZipLimits;
  ocr: boolean;
  /** Called between files; a true answer stops the extraction. */
  shouldStop: () => boolean;
  /** A readable document: its text and the PDF it was read from. */
  onDocument: (text: ExtractedText, pdf: Buffer) => Promise<void>;
  onFile: (report: FileReport, done: number, total: number) => Promise<void>;
}

const hasText = (sections: PdfSection[]) => sections.some((section) => section.text.trim().length > 0);

/** OCR that writes the PDF to a temporary file only when a page needs it, and removes it afterwards. */
function lazyOcr(content: Buffer, tempDir: string) {
  let path: string | null = null;
  const ocr: PageOcr = async (pageNumber) => {
    path ??= join(tempDir, `${randomUUID()}.pdf`);
    await writeFile(path, content);
    return popplerTesseractOcr(path)(pageNumber);
  };
  return { ocr, cleanup: () => (path ? rm(path, { force: true }) : Promise.resolve()) };
}

async function extractPdf(name: string, content: Buffer, options: ExtractionOptions): Promise<FileReport> {
  const reader = options.ocr ? lazyOcr(content, options.tempDir) : null;
  try {
    // pdf.js takes over (detaches) the bytes it is given; OCR may still need the original.
    const pdf = await extractPdfText(new Uint8Array(content), { ocr: reader?.ocr });
    if (!hasText(pdf.sections)) {
      return { name, pages: pdf.pages, ocr_pages: pdf.ocrPages.length, error: 'no readable text (scanned pages could not be read)' };
    }
    await options.onDocument({ sourceFile: name, title: pdf.title, year: pdf.year, pages: pdf.pages, sections: pdf.sections }, content);
    const truncated = pdf.pageCount > pdf.pages ? `only the first ${pdf.pages} of ${pdf.pageCount} pages were read` : null;
    return { name, pages: pdf.pages, ocr_pages: pdf.ocrPages.length, error: truncated };
  } catch (error) {
    if (error instanceof PdfReadError) return { name, pages: 0, ocr_pages: 0, error: error.message };
    return { name, pages: 0, ocr_pages: 0, error: `could not be read (${(error as Error).message})` };
  } finally {
    await reader?.cleanup();
  }
}

function entryProblem(content: Buffer): string | null {
  const type = sniffFileType(content);
  if (type === 'zip') return 'nested ZIP archives are not opened';
  if (type !== 'pdf') return 'not a PDF';
  return null;
}

/**
 * Reads every PDF of an upload (one PDF, or the PDFs of a ZIP) into sections, calling `onDocument`
 * for each readable one and `onFile` with every file's outcome. One bad file never stops the others.
 */
export async function extractUpload(path: string, type: 'pdf' | 'zip', originalName: string, options: ExtractionOptions): Promise<void> {
  if (type === 'pdf') {
    const report = await extractPdf(originalName, await readFile(path), options);
    await options.onFile(report, 1, 1);
    return;
  }
  const { entries } = await inspectZip(path, options.zipLimits);
  let done = 0;
  await readZipEntries(
    path,
    async (entry, content) => {
      if (options.shouldStop()) throw new ExtractionStopped();
      const problem = entry.skipped ?? (content ? entryProblem(content) : 'unreadable');
      const report = problem ? { name: entry.name, pages: 0, ocr_pages: 0, error: problem } : await extractPdf(entry.name, content!, options);
      await options.onFile(report, ++done, entries);
    },
    options.zipLimits,
  );
}

export class ExtractionStopped extends Error {
  constructor() {
    super('extraction stopped');
  }
}

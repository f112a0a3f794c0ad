/// <reference types="node" />
import { decodePDFRawStream, PDFArray, PDFDocument, PDFRawStream, type PDFPage } from 'pdf-lib';

/** The strings a page of a pdf-lib document draws (`<hex> Tj`), one a line, read back from its content streams. */
function pageLines(page: PDFPage): string[] {
  const contents = page.node.Contents();
  const streams = contents instanceof PDFArray ? contents.asArray().map((ref) => page.doc.context.lookup(ref)) : [contents];
  return streams
    .filter((stream): stream is PDFRawStream => stream instanceof PDFRawStream)
    .flatMap((stream) => [...Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1').matchAll(/<([0-9A-Fa-f]*)>\s*Tj/g)])
    .map((match) => Buffer.from(match[1], 'hex').toString('latin1'));
}

/** A PDF's pages as pdf-lib loads them: their sizes and the lines each draws. */
export async function readPdf(bytes: Uint8Array) {
  const pdf = await PDFDocument.load(bytes);
  return { title: pdf.getTitle(), pages: pdf.getPages().map((page) => ({ size: page.getSize(), lines: pageLines(page) })) };
}

import { getDocument, GlobalWorkerOptions, TextLayer, type PDFDocumentProxy } from 'pdfjs-dist';
import { firstQuotedItems } from './passage-highlight';

/**
 * pdf.js parses in a worker of its own. Its script is served as a file as published (not bundled,
 * so no federation runtime is put into it).
 */
function ensureWorker(): void {
  GlobalWorkerOptions.workerSrc ||= new URL('pdfjs-dist/build/pdf.worker.min.mjs', import.meta.url).href;
}

export function openPdf(data: Uint8Array): Promise<PDFDocumentProxy> {
  ensureWorker();
  return getDocument({ data, isEvalSupported: false }).promise;
}

export interface RenderedPage {
  /** Text layer items marked as the cited passage. */
  marked: HTMLElement[];
  cancel: () => void;
}

/**
 * Draws one page to the canvas at `width` CSS pixels, lays its text over it (selectable, found by
 * the browser's find) and marks the items that quote the first of `passages` the page quotes.
 */
export async function renderPage(pdf: PDFDocumentProxy, pageNumber: number, width: number, canvas: HTMLCanvasElement, textLayer: HTMLElement, passages: string[]): Promise<RenderedPage> {
  const page = await pdf.getPage(pageNumber);
  const scale = width / page.getViewport({ scale: 1 }).width;
  const viewport = page.getViewport({ scale });
  const ratio = window.devicePixelRatio || 1;
  canvas.width = Math.floor(viewport.width * ratio);
  canvas.height = Math.floor(viewport.height * ratio);
  canvas.style.width = `${Math.floor(viewport.width)}px`;
  canvas.style.height = `${Math.floor(viewport.height)}px`;
  const wrapper = textLayer.parentElement;
  wrapper?.style.setProperty('--scale-factor', String(scale));
  wrapper?.style.setProperty('--total-scale-factor', String(scale));
  const drawing = page.render({ canvas, viewport, transform: ratio === 1 ? undefined : [ratio, 0, 0, ratio, 0, 0] });
  textLayer.replaceChildren();
  const text = new TextLayer({ textContentSource: page.streamTextContent(), container: textLayer, viewport });
  await Promise.all([drawing.promise, text.render()]);
  const marked = firstQuotedItems(text.textContentItemsStr, passages).map((index) => text.textDivs[index]).filter(Boolean);
  for (const item of marked) item.classList.add('source-viewer__mark');
  return { marked, cancel: () => { drawing.cancel(); text.cancel(); } };
}

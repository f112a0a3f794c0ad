import { useEffect, useId, useRef, useState } from 'react';
import type { UploadedSourceLink } from '@cairn/rules';
import type { PDFDocumentProxy } from 'pdfjs-dist';
import { Icon } from '../ui/icon.component';
import { ModalDialog } from '../ui/modal-dialog.component';
import { loadSourcePdf } from './source-document.resource';

export interface SourceRequest {
  link: UploadedSourceLink;
  /** What the citation or hit is called: shown as the dialog's title. */
  title: string;
  /** The cited passage, marked on the page. */
  passage: string;
  /** A sentence of the source (a step citing it) marked instead of the passage where the page holds it. */
  focus?: string;
}

/** pdf.js is loaded the first time a source is opened, not with the app. */
const pdfPages = () => import('./pdf-page');

type ViewState = { kind: 'loading' } | { kind: 'failed'; message: string } | { kind: 'shown'; pages: number; marked: number };

/** Page width in CSS pixels: the dialog's width, at most a readable page. */
const pageWidth = (element: HTMLElement | null) => Math.max(240, Math.min(820, (element?.clientWidth ?? 820) - 2));

/** An uploaded PDF opened inside the app at the cited page, with the cited passage marked. */
export function SourceViewer({ request, onClose }: { request: SourceRequest; onClose: () => void }) {
  const titleId = useId();
  const [pdf, setPdf] = useState<PDFDocumentProxy | null>(null);
  const [state, setState] = useState<ViewState>({ kind: 'loading' });
  const frame = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const textLayer = useRef<HTMLDivElement>(null);
  const { link, passage, focus } = request;

  useEffect(() => {
    const aborted = new AbortController();
    let opened: PDFDocumentProxy | null = null;
    setState({ kind: 'loading' });
    loadSourcePdf(link, aborted.signal)
      .then(async (data) => (await pdfPages()).openPdf(data))
      .then((document) => {
        opened = document;
        if (!aborted.signal.aborted) setPdf(document);
      })
      .catch((error: Error) => {
        if (!aborted.signal.aborted) setState({ kind: 'failed', message: error.message || 'The source could not be opened.' });
      });
    return () => {
      aborted.abort();
      void opened?.destroy();
    };
  }, [link]);

  useEffect(() => {
    const [target, text] = [canvas.current, textLayer.current];
    if (!pdf || !target || !text) return;
    const page = Math.min(Math.max(1, link.page), pdf.numPages);
    let cancel: (() => void) | null = null;
    let live = true;
    pdfPages()
      .then(({ renderPage }) => renderPage(pdf, page, pageWidth(frame.current), target, text, focus ? [focus, passage] : [passage]))
      .then((rendered) => {
        cancel = rendered.cancel;
        if (!live) return;
        setState({ kind: 'shown', pages: pdf.numPages, marked: rendered.marked.length });
        rendered.marked[0]?.scrollIntoView({ block: 'center' });
      })
      .catch((error: Error) => live && setState({ kind: 'failed', message: error.message }));
    return () => {
      live = false;
      cancel?.();
    };
  }, [pdf, link.page, passage, focus]);

  return (
    <ModalDialog className="source-viewer" labelledBy={titleId} onCancel={onClose}>
      <header className="source-viewer__head">
        <div>
          <h2 id={titleId} className="source-viewer__title">
            {request.title}
          </h2>
          <p className="source-viewer__page" data-testid="source-viewer-page">
            {state.kind === 'shown' ? `Page ${Math.min(link.page, state.pages)} of ${state.pages}` : `Page ${link.page}`}
            {state.kind === 'shown' && state.marked > 0 && ' · cited passage highlighted'}
          </p>
        </div>
        <button type="button" className="icon-button" aria-label="Close source" onClick={onClose}>
          <Icon name="close" />
        </button>
      </header>
      <div ref={frame} className="source-viewer__frame">
        {state.kind === 'loading' && <p className="source-viewer__status">Opening the source…</p>}
        {state.kind === 'failed' && (
          <p className="source-viewer__status" role="alert">
            {state.message}
          </p>
        )}
        <div className="source-viewer__sheet" hidden={state.kind === 'failed'} aria-label={`Page ${link.page} of the source`} role="document">
          <canvas ref={canvas} className="source-viewer__canvas" />
          <div ref={textLayer} className="textLayer source-viewer__text" />
        </div>
      </div>
    </ModalDialog>
  );
}

import { useEffect, useState } from 'react';
import { createPortal, flushSync } from 'react-dom';
import { Button, saveFile, toasts } from '@cairn/frontend-shared';
import { CAIRN_VERSION } from '../../app-version';
import type { ProtocolData } from '../protocol';
import { checklistDocument, checklistFileName, type ChecklistDocument } from './checklist-document';
import { ChecklistPrint } from './checklist-print.component';

/** On <html> while one checklist prints: the print stylesheet then shows that checklist alone. */
export const PRINTING_CLASS = 'is-printing-checklist';

/** Export PDF (built here, with pdf-lib loaded on first use) and Print (the browser's, of this checklist alone). */
export function ChecklistActions({ protocol }: { protocol: ProtocolData }) {
  const [exporting, setExporting] = useState(false);
  const [printed, setPrinted] = useState<ChecklistDocument | null>(null);

  useEffect(() => () => document.documentElement.classList.remove(PRINTING_CLASS), []);

  const exportPdf = async () => {
    setExporting(true);
    try {
      const { buildChecklistPdf } = await import('./checklist-pdf');
      const bytes = await buildChecklistPdf(checklistDocument(protocol, new Date(), CAIRN_VERSION));
      saveFile(bytes, checklistFileName(protocol.title, 'pdf'), 'application/pdf');
    } catch (error) {
      toasts.show({ type: 'error', title: 'Export Failed', message: error instanceof Error ? error.message : String(error) });
    } finally {
      setExporting(false);
    }
  };

  const print = () => {
    // The printed copy is on the page before the browser's print starts; it goes after printing.
    flushSync(() => setPrinted(checklistDocument(protocol, new Date(), CAIRN_VERSION)));
    const page = document.documentElement;
    page.classList.add(PRINTING_CLASS);
    const done = () => {
      page.classList.remove(PRINTING_CLASS);
      setPrinted(null);
    };
    window.addEventListener('afterprint', done, { once: true });
    window.print();
  };

  return (
    <div className="checklist-actions">
      <Button size="sm" variant="ghost" icon="download" disabled={exporting} onClick={() => void exportPdf()}>
        Export PDF
      </Button>
      <Button size="sm" variant="ghost" icon="printer" onClick={print}>
        Print
      </Button>
      {printed && createPortal(<ChecklistPrint document={printed} />, document.body)}
    </div>
  );
}

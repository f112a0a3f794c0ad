import { useCallback, useState, type ReactNode } from 'react';
import { SourceViewer, type SourceRequest } from './source-viewer.component';

/** Opens an uploaded source in the viewer dialog; `viewer` is rendered where the dialog belongs. */
export function useSourceViewer(): { open: (request: SourceRequest) => void; viewer: ReactNode } {
  const [request, setRequest] = useState<SourceRequest | null>(null);
  const close = useCallback(() => setRequest(null), []);
  return { open: setRequest, viewer: request ? <SourceViewer request={request} onClose={close} /> : null };
}

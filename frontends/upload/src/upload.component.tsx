import type { UploadModuleProps } from '@cairn/frontend-shared';
import { ProtocolIndex } from './library/protocol-index.component';
import { UploadOverlay } from './overlay/upload-overlay.component';
import { GeneratedProtocols } from './preview/generated-protocols.component';
import './upload.css';

/** The upload remote's one module: the overlay, an upload's generated protocols, or the user's protocol index. */
export default function UploadModule({ view, uploadId }: UploadModuleProps) {
  if (view === 'preview' && uploadId) return <GeneratedProtocols uploadId={uploadId} />;
  if (view === 'index') return <ProtocolIndex />;
  return <UploadOverlay />;
}

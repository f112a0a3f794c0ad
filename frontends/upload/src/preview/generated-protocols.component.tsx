import { useState } from 'react';
import { Button, ErrorBox, IconButton, Spinner, cairnEvents, useCurrentUser } from '@cairn/frontend-shared';
import { ProtocolsFoot } from '../shared/protocols-foot.component';
import { ProtocolSummary } from '../shared/protocol-summary.component';
import { RegenerateDialog } from '../shared/regenerate-dialog.component';
import type { UploadedProtocol } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';
import { PublishUpload } from './publish-upload.component';
import { useGeneratedProtocols, type PreviewState } from './use-generated-protocols';

const texts = UploadTexts.preview;

function GeneratedProtocolCard({ protocol }: { protocol: UploadedProtocol }) {
  const details = [protocol.source_file, protocol.organization, protocol.year].filter(Boolean).join(' · ');
  return (
    <article className="generated-protocol" aria-label={protocol.title}>
      <h3 className="generated-protocol__title">{protocol.title}</h3>
      {details && <p className="generated-protocol__meta">{details}</p>}
      <ProtocolSummary protocol={protocol} maxSteps={5} maxSources={3} awaitingApproval />
    </article>
  );
}

type Paging = Pick<ReturnType<typeof useGeneratedProtocols>, 'more' | 'hasMore' | 'showMore'>;

function PreviewBody({ state, uploadId, paging }: { state: PreviewState; uploadId: string; paging: Paging }) {
  switch (state.kind) {
    case 'loading':
      return <Spinner label="Loading generated protocols" />;
    case 'regenerating':
      return <Spinner label={texts.waiting} />;
    case 'failed':
      return <ErrorBox>{state.message}</ErrorBox>;
    case 'approved':
      return (
        <div className="generated-protocols__done" role="status">
          <p>Successfully processed {state.indexed} protocols</p>
          <div className="generated-protocols__done-actions">
            <Button variant="primary" onClick={() => cairnEvents.emit('upload-tab-open', { kind: 'protocol-index' })}>
              {texts.openIndex}
            </Button>
            <PublishUpload uploadId={uploadId} />
          </div>
        </div>
      );
    default:
      return state.protocols.length === 0 ? (
        <p className="upload-panel__empty">{texts.empty}</p>
      ) : (
        <>
          <div className="generated-protocols__list">
            {state.protocols.map((protocol) => (
              <GeneratedProtocolCard key={protocol.id} protocol={protocol} />
            ))}
          </div>
          <ProtocolsFoot shown={state.protocols.length} total={state.total} hasMore={paging.hasMore} more={paging.more} onMore={() => void paging.showMore()} />
        </>
      );
  }
}

/** The generated-protocols tab: review an upload's protocols, then approve, regenerate or clear them. */
export function GeneratedProtocols({ uploadId }: { uploadId: string }) {
  const uid = useCurrentUser()?.uid ?? null;
  const { state, approving, approveError, approve, regenerate, clearAll, ...paging } = useGeneratedProtocols(uid, uploadId);
  const [regenerating, setRegenerating] = useState(false);
  const ready = state.kind === 'ready' && state.protocols.length > 0;

  return (
    <section className="generated-protocols" data-testid="generated-protocols" aria-labelledby={`generated-${uploadId}`}>
      <header className="generated-protocols__head">
        <h2 id={`generated-${uploadId}`}>
          {texts.tabTitle}
          {state.kind === 'ready' && <span className="generated-protocols__count">{state.total}</span>}
        </h2>
        <div className="generated-protocols__actions">
          <Button variant="primary" icon="check" disabled={!ready || approving} onClick={() => void approve()}>
            {approving ? texts.approving : texts.approve}
          </Button>
          <Button icon="list" disabled={!ready} onClick={() => setRegenerating(true)}>
            {texts.regenerate}
          </Button>
          <Button variant="danger" disabled={!ready} onClick={() => void clearAll()}>
            {texts.clearAll}
          </Button>
          <IconButton icon="close" label={texts.close} onClick={() => cairnEvents.emit('upload-tab-close', { uploadId })} />
        </div>
      </header>
      {approveError && <ErrorBox>{approveError}</ErrorBox>}
      <PreviewBody state={state} uploadId={uploadId} paging={paging} />
      {regenerating && <RegenerateDialog scope="all" onSubmit={regenerate} onClose={() => setRegenerating(false)} />}
    </section>
  );
}

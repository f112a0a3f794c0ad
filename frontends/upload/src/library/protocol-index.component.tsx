import { Button, ErrorBox, Spinner, cairnEvents, dialogs, libraryCopyOf, useCurrentUser } from '@cairn/frontend-shared';
import { ProtocolsFoot } from '../shared/protocols-foot.component';
import type { UploadedProtocol } from '../shared/uploads.resource';
import { UploadTexts } from '../upload-texts';
import { UploadedProtocolCard, type CardHospital } from './uploaded-protocol-card.component';
import { useHospitalPublishing } from './use-hospital-publishing';
import { useProtocolIndex } from './use-protocol-index';

const texts = UploadTexts.library;

/** The 'Your Protocol Index' tab: the protocols the user approved from uploads. */
export function ProtocolIndex() {
  const uid = useCurrentUser()?.uid ?? null;
  const index = useProtocolIndex(uid);
  const hospital = useHospitalPublishing();
  const hospitalOf = (protocol: UploadedProtocol): CardHospital | undefined =>
    hospital.access.member
      ? {
          copy: libraryCopyOf(hospital.library, protocol.id),
          organisation: hospital.organisation,
          editor: hospital.access.editor,
          busy: hospital.busy.has(protocol.id),
          onPublish: (replacing) => void hospital.publish(protocol.id, protocol.title, replacing),
          onUnpublish: (copy) => void hospital.unpublish(protocol.id, copy),
          onRenameCopy: (copy, title) => void hospital.rename(protocol.id, copy, title),
        }
      : undefined;

  const confirmDeleteAll = async () => {
    if (await dialogs.confirm({ title: texts.confirmDeleteAllTitle, message: texts.confirmDeleteAllMessage, confirmLabel: texts.deleteAll, danger: true })) void index.removeAll();
  };

  return (
    <section className="protocol-index" data-testid="protocol-index" aria-labelledby="protocol-index-title">
      <header className="generated-protocols__head">
        <h2 id="protocol-index-title">
          {texts.title}
          {index.list && <span className="generated-protocols__count">{index.list.total}</span>}
        </h2>
        <div className="generated-protocols__actions">
          <Button variant="primary" icon="upload" onClick={() => cairnEvents.emit('upload-open', {})}>
            {texts.upload}
          </Button>
          <Button variant="danger" disabled={!index.list?.protocols.length} onClick={() => void confirmDeleteAll()}>
            {texts.deleteAll}
          </Button>
        </div>
      </header>
      {!index.list && !index.failed && <Spinner label="Loading your protocols" />}
      {!index.list && index.failed && <ErrorBox>{texts.loadError}</ErrorBox>}
      {index.list?.protocols.length === 0 && (
        <div className="upload-panel__empty">
          <p>{texts.empty}</p>
          <p>{texts.emptyHint}</p>
        </div>
      )}
      <div className="generated-protocols__list">
        {index.list?.protocols.map((protocol) => (
          <UploadedProtocolCard
            key={protocol.id}
            protocol={protocol}
            hospital={hospitalOf(protocol)}
            onRename={(title) => void index.rename(protocol.id, title)}
            onDelete={() => void index.remove(protocol.id)}
            onRegenerate={(instructions) => index.regenerate(protocol.id, instructions)}
          />
        ))}
      </div>
      {index.list && index.list.protocols.length > 0 && (
        <ProtocolsFoot shown={index.list.protocols.length} total={index.list.total} hasMore={index.hasMore} more={index.more} onMore={() => void index.showMore()} />
      )}
    </section>
  );
}

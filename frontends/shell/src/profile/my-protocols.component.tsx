import { useEffect, useState } from 'react';
import { Button, Icon, cairnEvents, useCairnEvent } from '@cairn/frontend-shared';
import { countUploadedProtocols } from './uploaded-protocols.resource';

/** The user's index count, reloaded whenever the upload remote says it changed. */
export function useUploadedCount(uid: string | null): number | null {
  const [count, setCount] = useState<number | null>(null);
  const [version, setVersion] = useState(0);
  useCairnEvent('uploaded-protocols-changed', () => setVersion((current) => current + 1));
  useEffect(() => {
    if (!uid) return;
    let current = true;
    countUploadedProtocols(uid).then(
      (total) => current && setCount(total),
      () => current && setCount(null),
    );
    return () => {
      current = false;
    };
  }, [uid, version]);
  return count;
}

interface MyProtocolsProps {
  indexCount: number | null;
  generatedCount: number;
  onDone: () => void;
}

/** Profile overlay, My Protocols tab: the two count cards, Upload, and 'No protocols yet'. */
export function MyProtocols({ indexCount, generatedCount, onDone }: MyProtocolsProps) {
  const open = (action: () => void) => () => {
    action();
    onDone();
  };
  return (
    <div className="my-protocols">
      <div className="my-protocols__cards">
        <button type="button" className="count-card" onClick={open(() => cairnEvents.emit('upload-tab-open', { kind: 'protocol-index' }))}>
          <Icon name="list" size={20} />
          <span className="count-card__value">{indexCount ?? '–'}</span>
          <span className="count-card__label">Your Protocol Index</span>
        </button>
        <div className="count-card" aria-label={`Generated Protocols: ${generatedCount}`}>
          <Icon name="file" size={20} />
          <span className="count-card__value">{generatedCount}</span>
          <span className="count-card__label">Generated Protocols</span>
        </div>
      </div>
      {!indexCount && generatedCount === 0 && <p className="upload-panel__empty">No protocols yet</p>}
      <Button variant="primary" icon="upload" onClick={open(() => cairnEvents.emit('upload-open', {}))}>
        Upload
      </Button>
    </div>
  );
}

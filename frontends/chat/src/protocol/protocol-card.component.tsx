import { useCallback, useEffect, useId, useState } from 'react';
import { ChecklistActions } from './export/checklist-actions.component';
import { lastUpdatedLabel, type ProtocolData } from './protocol';
import { ProtocolHeader } from './protocol-header.component';
import { ProtocolSteps } from './protocol-steps.component';
import { References } from './references.component';
import { StreamingStatus } from './streaming-status.component';
import type { SaveToggleOptions } from './use-save-toggle';

/** How long a citation reached from a marker stays highlighted. */
const CITATION_HIGHLIGHT_MS = 2_000;

function EmptyProtocol() {
  return (
    <div className="protocol-card__empty">
      <p className="protocol-card__empty-title">No protocol steps available</p>
      <p>This protocol may be loading or incomplete.</p>
    </div>
  );
}

function useCitationFocus(elementId: (citation: number) => string) {
  const [referencesOpen, setReferencesOpen] = useState(false);
  const [request, setRequest] = useState<{ citation: number; at: number } | null>(null);

  useEffect(() => {
    if (!request) return;
    document.getElementById(elementId(request.citation))?.scrollIntoView({ behavior: 'smooth', block: 'center' });
    const timer = setTimeout(() => setRequest(null), CITATION_HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [request, elementId]);

  const showCitation = (citation: number) => {
    setReferencesOpen(true);
    setRequest({ citation, at: Date.now() });
  };
  return {
    referencesOpen,
    toggleReferences: () => setReferencesOpen((open) => !open),
    highlighted: request?.citation ?? null,
    showCitation,
  };
}

export interface ProtocolCardProps extends SaveToggleOptions {
  /** Identifies this card's protocol, e.g. the id of the message that carries it. */
  protocolKey: string;
  protocol: ProtocolData;
  /** The protocol changed (a step discussion grew): the chat keeps it, and saves it with the conversation. */
  onProtocolChange?: (protocol: ProtocolData) => void;
  /** Steps are still arriving. */
  streaming?: boolean;
  onStop?: () => void;
}

export function ProtocolCard({ protocolKey, protocol, onProtocolChange, streaming = false, onStop, ...saveOptions }: ProtocolCardProps) {
  const titleId = useId();
  const elementId = useCallback((citation: number) => `${protocolKey}-citation-${citation}`, [protocolKey]);
  const { referencesOpen, toggleReferences, highlighted, showCitation } = useCitationFocus(elementId);
  const hasSteps = protocol.steps.length > 0;

  return (
    <article className="protocol-card" data-testid="protocol-card" aria-labelledby={titleId} aria-busy={streaming}>
      <ProtocolHeader protocol={protocol} titleId={titleId} {...saveOptions} />
      {hasSteps ? (
        <ProtocolSteps protocolKey={protocolKey} protocol={protocol} onCite={showCitation} onProtocolChange={onProtocolChange} />
      ) : (
        <EmptyProtocol />
      )}
      {streaming && <StreamingStatus label="Writing the checklist..." onStop={onStop} />}
      <References
        citations={protocol.citations}
        open={referencesOpen}
        highlighted={highlighted}
        elementId={elementId}
        onToggle={toggleReferences}
      />
      <footer className="protocol-card__foot">
        <p className="protocol-card__updated">Last updated: {lastUpdatedLabel(protocol.lastUpdated)}</p>
        {hasSteps && !streaming && <ChecklistActions protocol={protocol} />}
      </footer>
    </article>
  );
}

export interface StreamingStatusProps {
  /** What is arriving, e.g. 'Writing the checklist...'. */
  label: string;
  onStop?: () => void;
}

/** Says that a reply is still arriving, with Stop to end it where it is. */
export function StreamingStatus({ label, onStop }: StreamingStatusProps) {
  return (
    <div className="streaming-status" data-testid="streaming-status">
      <span className="streaming-status__label" role="status">
        <span className="typing-indicator__dots" aria-hidden="true">
          <span />
          <span />
          <span />
        </span>
        {label}
      </span>
      {onStop && (
        <button type="button" className="streaming-status__stop" onClick={onStop}>
          Stop
        </button>
      )}
    </div>
  );
}

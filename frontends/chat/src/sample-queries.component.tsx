import { CHAT_SAMPLE_COUNT, IconButton, SAMPLE_QUERIES } from '@cairn/frontend-shared';

export interface SampleQueriesProps {
  visible: boolean;
  onVisibleChange: (visible: boolean) => void;
  onPick: (query: string) => void;
}

export function SampleQueries({ visible, onVisibleChange, onPick }: SampleQueriesProps) {
  if (!visible) {
    return (
      <button type="button" className="link-button sample-queries-toggle" onClick={() => onVisibleChange(true)}>
        Show sample queries
      </button>
    );
  }
  return (
    <div className="chat-samples">
      <ul className="chat-samples__list" aria-label="Sample queries">
        {SAMPLE_QUERIES.slice(0, CHAT_SAMPLE_COUNT).map((sample) => (
          <li key={sample}>
            <button type="button" className="chip" onClick={() => onPick(sample)}>
              {sample}
            </button>
          </li>
        ))}
      </ul>
      <IconButton icon="close" label="Hide sample queries" onClick={() => onVisibleChange(false)} />
    </div>
  );
}

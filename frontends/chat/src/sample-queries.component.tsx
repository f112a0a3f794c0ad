import { useState } from 'react';
import { CHAT_SAMPLE_COUNT, IconButton, SAMPLE_QUERIES } from '@cairn/frontend-shared';

export function SampleQueries({ onPick }: { onPick: (query: string) => void }) {
  const [visible, setVisible] = useState(true);

  if (!visible) {
    return (
      <button type="button" className="link-button sample-queries-toggle" onClick={() => setVisible(true)}>
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
      <IconButton icon="close" label="Hide sample queries" onClick={() => setVisible(false)} />
    </div>
  );
}

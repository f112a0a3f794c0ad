import { useState } from 'react';
import { Button, Spinner, characterCounter } from '@cairn/frontend-shared';
import type { StepThreadMessage } from './protocol';
import { STEP_INPUT_COUNTER } from './step-discussion';

interface StepDiscussionProps {
  thread: StepThreadMessage[];
  loading: boolean;
  onSend: (message: string) => void;
}

/** docs/product-spec.md §2 'Step Discussion': the step's thread in a capped, scrolling box, and a 1000-character input. */
export function StepDiscussion({ thread, loading, onSend }: StepDiscussionProps) {
  const [text, setText] = useState('');
  const counter = characterCounter(text.length, STEP_INPUT_COUNTER);
  const send = () => {
    if (loading || !text.trim()) return;
    onSend(text.trim());
    setText('');
  };
  return (
    <section className="step-discussion" aria-label="Step Discussion">
      <h5 className="step-discussion__title">Step Discussion</h5>
      <ol className="step-discussion__thread" aria-label="Step thread">
        {thread.map((message) => (
          <li key={message.id} className={`step-discussion__message step-discussion__message--${message.type}`}>
            {message.content}
          </li>
        ))}
        {loading && (
          <li>
            <Spinner label="Answering about this step" />
          </li>
        )}
      </ol>
      <div className="step-discussion__input">
        <textarea
          className="field__input field__textarea"
          aria-label="Ask about this step"
          rows={2}
          maxLength={STEP_INPUT_COUNTER.limit}
          placeholder="Ask about this step"
          value={text}
          disabled={loading}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey) {
              event.preventDefault();
              send();
            }
          }}
        />
        <Button size="sm" variant="primary" disabled={loading || !text.trim()} onClick={send}>
          Send
        </Button>
      </div>
      {counter.visible && <p className={counter.warning ? 'step-discussion__counter is-warning' : 'step-discussion__counter'}>{counter.remaining} characters left</p>}
    </section>
  );
}

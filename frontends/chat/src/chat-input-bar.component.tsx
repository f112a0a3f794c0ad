import { useId, useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import {
  CHAT_INPUT_MAX_LENGTH,
  IconButton,
  characterCounter,
  chatInputProblem,
  libraryAccess,
  prepareChatInput,
  useHospitalLibrary,
  type SearchScope,
} from '@cairn/frontend-shared';
import { SampleQueries } from './sample-queries.component';
import { ScopeSelector } from './scope-selector.component';

function CharacterCount({ length }: { length: number }) {
  const counter = characterCounter(length);
  if (!counter.visible) return null;
  return (
    <span className={counter.warning ? 'char-count is-warning' : 'char-count'} aria-live="polite">
      {counter.remaining} characters remaining
    </span>
  );
}

export interface ChatInputBarProps {
  initialQuery?: string;
  /** An answer is being prepared: nothing can be sent. */
  loading: boolean;
  /** Returns whether the message was taken; a taken message clears the box and hides the samples. */
  onSend: (message: string, scope: SearchScope) => boolean;
}

export function ChatInputBar({ initialQuery = '', loading, onSend }: ChatInputBarProps) {
  const [text, setText] = useState(initialQuery.slice(0, CHAT_INPUT_MAX_LENGTH));
  const [chosenScope, setScope] = useState<SearchScope>('all');
  const member = libraryAccess(useHospitalLibrary()).member;
  // Hospital is offered to members of an organisation only; anyone else searches All Protocols.
  const scope = chosenScope === 'hospital' && !member ? 'all' : chosenScope;
  const [samplesVisible, setSamplesVisible] = useState(true);
  const textarea = useRef<HTMLTextAreaElement>(null);
  const message = prepareChatInput(text, loading);

  const [problem, setProblem] = useState<string | null>(null);
  const problemId = useId();

  const send = (event?: FormEvent) => {
    event?.preventDefault();
    const refused = message ? chatInputProblem(message) : null;
    if (refused) return setProblem(refused);
    if (message && onSend(message, scope)) {
      setText('');
      setSamplesVisible(false);
    }
  };

  const sendOnEnter = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) send(event);
  };

  const pickSample = (sample: string) => {
    setText(sample);
    textarea.current?.focus();
  };

  return (
    <div className="chat-input">
      <ScopeSelector value={scope} hospital={member} onChange={setScope} />
      <SampleQueries visible={samplesVisible} onVisibleChange={setSamplesVisible} onPick={pickSample} />
      <form className="chat-input__form" onSubmit={send}>
        <textarea
          ref={textarea}
          className="chat-input__box"
          aria-label="Message"
          placeholder="Ask about a clinical protocol, e.g. dengue symptoms"
          rows={2}
          maxLength={CHAT_INPUT_MAX_LENGTH}
          value={text}
          aria-invalid={problem ? true : undefined}
          aria-describedby={problem ? problemId : undefined}
          onChange={(event) => {
            setText(event.target.value);
            setProblem(null);
          }}
          onKeyDown={sendOnEnter}
        />
        <IconButton type="submit" variant="primary" icon="send" label="Send message" disabled={!message} />
      </form>
      {problem && (
        <p id={problemId} className="chat-input__problem" role="alert">
          {problem}
        </p>
      )}
      <div className="chat-input__meta">
        <span className="chat-input__hint">Enter to send · Shift+Enter for a new line</span>
        <CharacterCount length={text.length} />
      </div>
    </div>
  );
}

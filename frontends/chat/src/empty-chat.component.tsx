import { Icon } from '@cairn/frontend-shared';

export function EmptyChatView() {
  return (
    <section className="chat-empty" aria-labelledby="chat-empty-title">
      <span className="chat-empty__icon">
        <Icon name="list" size={28} />
      </span>
      <h2 id="chat-empty-title" className="chat-empty__title">
        Start a protocol search
      </h2>
      <p className="chat-empty__text">
        Ask a clinical question to get a step-by-step checklist with numbered citations from WHO, CDC, NHS and ICMR
        guidance and from your own protocols.
      </p>
    </section>
  );
}

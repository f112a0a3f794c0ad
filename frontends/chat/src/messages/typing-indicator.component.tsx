export function TypingIndicator() {
  return (
    <div className="typing-indicator" role="status" data-testid="typing-indicator">
      <span className="typing-indicator__dots" aria-hidden="true">
        <span />
        <span />
        <span />
      </span>
      Analyzing your query...
    </div>
  );
}

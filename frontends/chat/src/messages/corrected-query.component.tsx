/** Says what was searched when the server corrected typos in the query. */
export function CorrectedQuery({ query }: { query: string }) {
  return (
    <p className="message-meta assistant-message__corrected-query">
      Showing results for <strong>{query}</strong>
    </p>
  );
}

export function CitationMarkers({
  numbers,
  known,
  onCite,
}: {
  numbers: number[];
  known: ReadonlySet<number>;
  onCite: (citation: number) => void;
}) {
  if (numbers.length === 0) return null;
  return (
    <span className="citation-markers">
      {numbers.map((number) =>
        known.has(number) ? (
          <button
            key={number}
            type="button"
            className="citation-marker"
            data-testid="citation-marker"
            aria-label={`Show reference ${number}`}
            onClick={() => onCite(number)}
          >
            [{number}]
          </button>
        ) : (
          <span key={number} className="citation-marker is-unknown">
            [{number}]
          </span>
        ),
      )}
    </span>
  );
}

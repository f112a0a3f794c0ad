import { useState, type FormEvent } from 'react';
import { Button, Icon, LANDING_SAMPLE_COUNT, SAMPLE_QUERIES } from '@cairn/frontend-shared';

export function LandingSearch({ onSearch }: { onSearch: (query: string) => void }) {
  const [query, setQuery] = useState('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(query);
  };

  return (
    <div className="landing-search">
      <form className="search-box" role="search" onSubmit={submit}>
        <Icon name="search" className="search-box__icon" />
        <input
          className="search-box__input"
          type="search"
          aria-label="Search clinical protocols"
          placeholder="Search protocols, e.g. dengue symptoms"
          value={query}
          onChange={(event) => setQuery(event.target.value)}
          enterKeyHint="search"
          autoComplete="off"
        />
        {query.trim().length > 0 && (
          <Button type="submit" variant="primary">
            Search
          </Button>
        )}
      </form>

      <section className="sample-queries" aria-labelledby="sample-queries-title">
        <h2 id="sample-queries-title" className="sample-queries__title">
          Try a sample search
        </h2>
        <ul className="sample-queries__grid">
          {SAMPLE_QUERIES.slice(0, LANDING_SAMPLE_COUNT).map((sample) => (
            <li key={sample}>
              <button type="button" className="sample-card" onClick={() => onSearch(sample)}>
                <Icon name="search" />
                <span>{sample}</span>
              </button>
            </li>
          ))}
        </ul>
      </section>

      <Button variant="primary" size="lg" className="landing-search__start" onClick={() => onSearch(query)}>
        Start Searching
      </Button>
    </div>
  );
}

import { SEARCH_SCOPES, type SearchScope } from '@cairn/frontend-shared';

export function ScopeSelector({ value, onChange }: { value: SearchScope; onChange: (scope: SearchScope) => void }) {
  return (
    <div className="scope-selector" role="group" aria-label="Search scope">
      {SEARCH_SCOPES.map((scope) => (
        <button
          key={scope.value}
          type="button"
          className={scope.value === value ? 'scope-selector__option is-active' : 'scope-selector__option'}
          aria-pressed={scope.value === value}
          onClick={() => onChange(scope.value)}
        >
          {scope.label}
        </button>
      ))}
    </div>
  );
}

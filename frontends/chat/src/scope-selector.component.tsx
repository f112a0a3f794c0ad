import { HOSPITAL_SCOPE, SEARCH_SCOPES, type SearchScope } from '@cairn/frontend-shared';

/** All Protocols, My Protocols, Global Only, and Hospital for a member of an organisation. */
export function ScopeSelector({ value, hospital, onChange }: { value: SearchScope; hospital: boolean; onChange: (scope: SearchScope) => void }) {
  const scopes = hospital ? [...SEARCH_SCOPES, HOSPITAL_SCOPE] : SEARCH_SCOPES;
  return (
    <div className="scope-selector" role="group" aria-label="Search scope">
      {scopes.map((scope) => (
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

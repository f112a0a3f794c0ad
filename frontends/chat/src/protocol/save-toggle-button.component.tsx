import { Icon } from '@cairn/frontend-shared';
import type { ProtocolData } from './protocol';
import { useSaveToggle, type SaveToggleOptions } from './use-save-toggle';

export function SaveToggleButton({ protocol, ...options }: { protocol: ProtocolData } & SaveToggleOptions) {
  const { saved, busy, signedIn, toggle } = useSaveToggle(protocol, options);
  return (
    <button
      type="button"
      className={saved ? 'save-toggle is-saved' : 'save-toggle'}
      data-testid="save-protocol"
      aria-pressed={saved}
      aria-busy={busy}
      disabled={!signedIn}
      onClick={() => void toggle()}
    >
      <Icon name="star" size={16} />
      {saved ? 'Saved' : 'Save'}
    </button>
  );
}

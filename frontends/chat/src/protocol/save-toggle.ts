import type { SavedProtocolSummary } from '@cairn/frontend-shared';
import type { ProtocolData } from './protocol';

export type SaveToggleAction = 'save' | 'unsave' | 'ignore';

/** docs/product-spec.md §4 protocol save toggle: ignored while busy or signed out; otherwise it flips the saved state. */
export function saveToggleAction(state: { saved: boolean; busy: boolean; signedIn: boolean }): SaveToggleAction {
  if (state.busy || !state.signedIn) return 'ignore';
  return state.saved ? 'unsave' : 'save';
}

/** A card marked saved is trusted; otherwise a signed-in user's saved state is looked up. */
export const needsSavedLookup = (state: { markedSaved: boolean; signedIn: boolean }): boolean =>
  !state.markedSaved && state.signedIn;

export const savedSummary = (protocolId: string, protocol: ProtocolData, savedAt: Date): SavedProtocolSummary => ({
  id: protocolId,
  title: protocol.title,
  organization: protocol.organization,
  region: protocol.region,
  year: protocol.year,
  savedAt: savedAt.toISOString(),
});

import { describe, expect, it } from '@jest/globals';
import { needsSavedLookup, saveToggleAction, savedSummary } from './save-toggle';
import { testProtocol } from './protocol.fixture';

describe('saveToggleAction', () => {
  it('saves an unsaved protocol and unsaves a saved one', () => {
    expect(saveToggleAction({ saved: false, busy: false, signedIn: true })).toBe('save');
    expect(saveToggleAction({ saved: true, busy: false, signedIn: true })).toBe('unsave');
  });

  it('ignores a click while busy or signed out', () => {
    expect(saveToggleAction({ saved: false, busy: true, signedIn: true })).toBe('ignore');
    expect(saveToggleAction({ saved: true, busy: true, signedIn: true })).toBe('ignore');
    expect(saveToggleAction({ saved: false, busy: false, signedIn: false })).toBe('ignore');
  });
});

describe('needsSavedLookup', () => {
  it('trusts a card marked saved and looks up the others for a signed-in user', () => {
    expect(needsSavedLookup({ markedSaved: true, signedIn: true })).toBe(false);
    expect(needsSavedLookup({ markedSaved: false, signedIn: true })).toBe(true);
    expect(needsSavedLookup({ markedSaved: false, signedIn: false })).toBe(false);
  });
});

describe('savedSummary', () => {
  it('tells the sidebar what to list', () => {
    const protocol = testProtocol({ title: 'CPR for Cardiac Arrest', intent: 'emergency', steps: [], citations: [] });
    expect(savedSummary('protocol_cpr_for_cardiac_arrest', protocol, new Date('2025-06-15T10:00:00Z'))).toEqual({
      id: 'protocol_cpr_for_cardiac_arrest',
      title: 'CPR for Cardiac Arrest',
      organization: 'WHO',
      region: 'Global',
      year: 2024,
      savedAt: '2025-06-15T10:00:00.000Z',
    });
  });
});

import { describe, expect, it } from '@jest/globals';
import { optimisticEdit } from './optimistic-edit';

function list(initial: string[]) {
  let items = initial;
  return { update: (change: (current: string[]) => string[]) => (items = change(items)), current: () => items };
}

describe('optimisticEdit', () => {
  it('changes the list before the call and keeps the change when it succeeds', async () => {
    const cards = list(['a', 'b']);
    let seenDuringCall: string[] = [];
    const ok = await optimisticEdit({ update: cards.update, change: (items) => items.filter((item) => item !== 'a'), call: async () => (seenDuringCall = cards.current()), alert: () => undefined, failure: 'x' });
    expect(ok).toBe(true);
    expect(seenDuringCall).toEqual(['b']);
    expect(cards.current()).toEqual(['b']);
  });

  it('puts the list back and alerts with the spec text when the call fails', async () => {
    const cards = list(['a', 'b']);
    const alerts: string[] = [];
    const ok = await optimisticEdit({
      update: cards.update,
      change: (items) => items.map((item) => (item === 'a' ? 'renamed' : item)),
      call: async () => {
        throw new Error('500');
      },
      alert: (message) => void alerts.push(message),
      failure: 'Failed to rename conversation',
    });
    expect(ok).toBe(false);
    expect(cards.current()).toEqual(['a', 'b']);
    expect(alerts).toEqual(['Failed to rename conversation']);
  });
});

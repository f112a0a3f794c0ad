import { describe, expect, it } from '@jest/globals';
import { createDialogStore } from './dialogs';

describe('dialog store', () => {
  it('resolves a confirm with the answer', async () => {
    const store = createDialogStore();
    const answer = store.confirm({ title: 'Log Out', message: 'Are you sure?', confirmLabel: 'Log Out' });
    const shown = store.current();
    expect(shown).toMatchObject({ kind: 'confirm', title: 'Log Out' });
    store.settle(shown!.id, true);
    await expect(answer).resolves.toBe(true);
    expect(store.current()).toBeNull();
  });

  it('queues dialogs and shows them one at a time', async () => {
    const store = createDialogStore();
    const first = store.alert({ title: 'Error', message: 'Failed to log out. Please try again.' });
    const second = store.confirm({ title: 'Delete', message: 'Sure?', danger: true });
    expect(store.current()?.title).toBe('Error');
    store.settle(store.current()!.id, true);
    await first;
    expect(store.current()).toMatchObject({ title: 'Delete', danger: true });
    store.settle(store.current()!.id, false);
    await expect(second).resolves.toBe(false);
  });

  it('ignores unknown ids', () => {
    const store = createDialogStore();
    let changes = 0;
    store.subscribe(() => changes++);
    store.settle('dialog_404', true);
    expect(changes).toBe(0);
  });
});

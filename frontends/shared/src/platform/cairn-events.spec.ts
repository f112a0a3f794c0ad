import { describe, expect, it, jest } from '@jest/globals';
import { createEventChannel } from './cairn-events';

interface TestEvents {
  added: { id: string };
  removed: { id: string };
}

describe('event channel', () => {
  it('delivers an event to the listeners of its type only', () => {
    const channel = createEventChannel<TestEvents>();
    const added: string[] = [];
    const removed: string[] = [];
    channel.on('added', ({ id }) => added.push(id));
    channel.on('removed', ({ id }) => removed.push(id));
    channel.emit('added', { id: 'protocol_cpr' });
    expect(added).toEqual(['protocol_cpr']);
    expect(removed).toEqual([]);
  });

  it('stops delivering after unsubscribe', () => {
    const channel = createEventChannel<TestEvents>();
    const seen: string[] = [];
    const off = channel.on('added', ({ id }) => seen.push(id));
    channel.emit('added', { id: 'a' });
    off();
    channel.emit('added', { id: 'b' });
    expect(seen).toEqual(['a']);
  });

  it('keeps delivering to the other listeners when one throws', () => {
    const channel = createEventChannel<TestEvents>();
    const error = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const seen: string[] = [];
    channel.on('added', () => {
      throw new Error('broken listener');
    });
    channel.on('added', ({ id }) => seen.push(id));
    channel.emit('added', { id: 'a' });
    expect(seen).toEqual(['a']);
    expect(error).toHaveBeenCalled();
    error.mockRestore();
  });
});

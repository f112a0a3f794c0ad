import { describe, expect, it } from '@jest/globals';
import { ApiClient } from '@cairn/frontend-shared';
import {
  fetchRecentSearches,
  fetchSavedChecklists,
  messageCountLabel,
  readList,
  savedChecklistCardFrom,
  toRecentSearchCard,
  toSavedChecklistCard,
  withSavedChecklist,
  withoutSavedChecklist,
  type SavedChecklistCard,
} from './sidebar.resource';

function apiAnswering(status: number, body: unknown) {
  const urls: string[] = [];
  const fetchImpl = (async (url: string) => {
    urls.push(url);
    return new Response(JSON.stringify(body), { status });
  }) as unknown as typeof fetch;
  return { api: new ApiClient({ baseUrl: '/api', fetch: fetchImpl, getAccessToken: () => 'tok' }), urls };
}

describe('saved checklist cards', () => {
  it('keeps the saved fields', () => {
    expect(
      toSavedChecklistCard(
        { id: 'protocol_dengue', title: 'Dengue Management', organization: 'WHO', region: 'Global', year: 2024, saved_at: '2025-01-02T03:04:05Z' },
        0,
      ),
    ).toEqual({
      id: 'protocol_dengue',
      title: 'Dengue Management',
      organization: 'WHO',
      region: 'Global',
      year: '2024',
      savedAt: '2025-01-02T03:04:05Z',
    });
  });

  it('falls back to Untitled Protocol and Unknown', () => {
    expect(toSavedChecklistCard({ title: '  ', organization: null }, 3)).toEqual({
      id: 'saved_3',
      title: 'Untitled Protocol',
      organization: 'Unknown',
      region: 'Unknown',
      year: 'Unknown',
      savedAt: null,
    });
  });
});

describe('saved checklists the chat reports', () => {
  const card = (id: string, title = id): SavedChecklistCard => ({ id, title, organization: 'WHO', region: 'Global', year: '2024', savedAt: null });

  it('makes a card from the saved protocol summary', () => {
    expect(
      savedChecklistCardFrom({ id: 'protocol_cpr', title: 'CPR', organization: null, region: 'Global', year: 2024, savedAt: '2025-06-15T10:00:00.000Z' }),
    ).toEqual({ id: 'protocol_cpr', title: 'CPR', organization: 'Unknown', region: 'Global', year: '2024', savedAt: '2025-06-15T10:00:00.000Z' });
  });

  it('lists a newly saved checklist first, once', () => {
    const cards = [card('protocol_a'), card('protocol_b')];
    expect(withSavedChecklist(cards, card('protocol_c')).map((c) => c.id)).toEqual(['protocol_c', 'protocol_a', 'protocol_b']);
    expect(withSavedChecklist(cards, card('protocol_b', 'B again')).map((c) => c.title)).toEqual(['B again', 'protocol_a']);
  });

  it('keeps every loaded page when a checklist is saved, so the next page starts right after them', () => {
    const cards = Array.from({ length: 150 }, (_, index) => card(`protocol_${index}`));
    const next = withSavedChecklist(cards, card('protocol_new'));
    expect(next).toHaveLength(151);
    expect(next[0].id).toBe('protocol_new');
    expect(next.at(-1)!.id).toBe('protocol_149');
  });

  it('removes an unsaved checklist', () => {
    expect(withoutSavedChecklist([card('protocol_a'), card('protocol_b')], 'protocol_a').map((c) => c.id)).toEqual(['protocol_b']);
  });
});

describe('recent search cards', () => {
  it('reads title, time and message count', () => {
    expect(toRecentSearchCard({ id: 'conv_1', title: 'malaria treatment', updated_at: '2025-01-01T00:00:00Z', message_count: 4 }, 0)).toEqual({
      id: 'conv_1',
      title: 'malaria treatment',
      updatedAt: '2025-01-01T00:00:00Z',
      messageCount: 4,
    });
  });

  it('tolerates missing fields', () => {
    expect(toRecentSearchCard({ message_count: 'many' }, 1)).toMatchObject({ id: 'conversation_1', messageCount: 0 });
  });

  it('labels the message count', () => {
    expect(messageCountLabel(1)).toBe('1 message');
    expect(messageCountLabel(7)).toBe('7 messages');
  });
});

describe('readList', () => {
  it('reads the list and drops entries that are not objects', () => {
    expect(readList({ success: true, protocols: [{ id: 'a' }, 'junk'] }, 'protocols')).toEqual([{ id: 'a' }]);
    expect(readList({ success: true }, 'conversations')).toEqual([]);
  });

  it('treats an unsuccessful answer as a failure', () => {
    expect(() => readList({ success: false, error: 'db down' }, 'protocols')).toThrow('db down');
  });
});

describe('sidebar calls', () => {
  it('asks for 50 saved checklists and 10 recent searches of the user', async () => {
    const saved = apiAnswering(200, { success: true, protocols: [{ title: 'CPR' }], next_offset: 50 });
    await expect(fetchSavedChecklists(saved.api, 'u 1')).resolves.toMatchObject({ items: [{ title: 'CPR' }], nextOffset: 50 });
    expect(saved.urls).toEqual(['/api/protocols/saved/u%201?limit=50']);

    const recent = apiAnswering(200, { success: true, conversations: [] });
    await expect(fetchRecentSearches(recent.api, 'u1')).resolves.toEqual({ items: [], nextOffset: null });
    expect(recent.urls).toEqual(['/api/conversations/u1?limit=10']);
  });

  it('asks for the next page of the same size from an offset', async () => {
    const saved = apiAnswering(200, { success: true, protocols: [{ title: 'Sepsis' }], next_offset: null });
    await expect(fetchSavedChecklists(saved.api, 'u1', undefined, 50)).resolves.toMatchObject({ items: [{ id: 'saved_50', title: 'Sepsis' }], nextOffset: null });
    expect(saved.urls).toEqual(['/api/protocols/saved/u1?limit=50&offset=50']);

    const recent = apiAnswering(200, { success: true, conversations: [{ id: 'conv_11' }], next_offset: 20 });
    await expect(fetchRecentSearches(recent.api, 'u1', undefined, 10)).resolves.toMatchObject({ items: [{ id: 'conv_11' }], nextOffset: 20 });
    expect(recent.urls).toEqual(['/api/conversations/u1?limit=10&offset=10']);
  });

  it('passes a 404 on as a failure for the caller to show as empty', async () => {
    const { api } = apiAnswering(404, { detail: { message: 'Not Found' } });
    await expect(fetchSavedChecklists(api, 'u1')).rejects.toMatchObject({ status: 404 });
  });
});

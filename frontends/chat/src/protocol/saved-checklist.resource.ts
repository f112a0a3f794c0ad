import { expectSuccess, isEntry, text, type ApiClient } from '@cairn/frontend-shared';
import type { AssistantMessage } from '../session/chat-message';
import { readProtocol } from './protocol';

/** A saved checklist as the one message of a 'Saved:' tab: its protocol card, no question before it. */
export async function loadSavedChecklist(api: ApiClient, uid: string, protocolId: string, signal?: AbortSignal): Promise<AssistantMessage> {
  const body = expectSuccess(await api.get(`/protocols/saved/${encodeURIComponent(uid)}/${encodeURIComponent(protocolId)}`, { signal }), 'load protocol');
  const saved = isEntry(body.protocol) ? body.protocol : {};
  const data = isEntry(saved.protocol_data) ? saved.protocol_data : {};
  const title = text(saved.title) ?? text(data.title) ?? 'Untitled Protocol';
  const savedAt = text(saved.saved_at) ?? new Date().toISOString();
  return {
    id: `saved_${protocolId}`,
    type: 'assistant',
    content: '',
    timestamp: savedAt,
    replyTo: '',
    kind: 'protocol',
    title,
    protocolData: readProtocol({ ...data, title }, title, new Date(savedAt)),
    followUpQuestions: [],
    uncertaintyNote: null,
    usedNewSources: false,
    isFollowUp: false,
  };
}

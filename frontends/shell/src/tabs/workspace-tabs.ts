/** docs/product-spec.md §3 "Tab": a chat, an upload's generated protocols, or 'Your Protocol Index'. */
export type WorkspaceTab =
  | { id: string; kind: 'chat'; title: string; initialQuery?: string; autoSend?: boolean; conversationId?: string; savedProtocolId?: string }
  | { id: string; kind: 'generated-protocols'; title: string; uploadId: string; count?: number }
  | { id: string; kind: 'protocol-index'; title: string };

export interface WorkspaceState {
  tabs: WorkspaceTab[];
  activeId: string;
}

export const NEW_TAB_TITLE = 'New Protocol';
export const GENERATED_TAB_TITLE = 'Generated Protocols';
export const INDEX_TAB_TITLE = 'Your Protocol Index';
export const TABS_STORAGE_KEY = 'cairn.tabs';
/** docs/product-spec.md §4: tabs and the active tab are persisted 300 ms after a change. */
export const TABS_PERSIST_DELAY_MS = 300;

export const newTabId = () => `tab_${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;

export function freshWorkspace(id = newTabId(), initialQuery?: string): WorkspaceState {
  return { tabs: [{ id, kind: 'chat', title: NEW_TAB_TITLE, ...(initialQuery ? { initialQuery } : {}) }], activeId: id };
}

const isTab = (value: unknown): value is WorkspaceTab => {
  if (typeof value !== 'object' || value === null) return false;
  const tab = value as Record<string, unknown>;
  if (typeof tab.id !== 'string' || !tab.id.startsWith('tab_') || typeof tab.title !== 'string') return false;
  return tab.kind === 'chat' || tab.kind === 'protocol-index' || (tab.kind === 'generated-protocols' && typeof tab.uploadId === 'string');
};

/** A restored chat tab does not search again. */
function withoutInitialQuery(tab: WorkspaceTab): WorkspaceTab {
  if (tab.kind !== 'chat') return tab;
  return {
    id: tab.id,
    kind: 'chat',
    title: tab.title,
    ...(typeof tab.conversationId === 'string' && tab.conversationId.startsWith('conv_') ? { conversationId: tab.conversationId } : {}),
    ...(typeof tab.savedProtocolId === 'string' && tab.savedProtocolId ? { savedProtocolId: tab.savedProtocolId } : {}),
  };
}

/** The stored tabs, or null when nothing valid is stored; a stored active id that no tab has falls back to the first tab. */
export function restoreWorkspace(stored: string | null): WorkspaceState | null {
  try {
    const parsed = JSON.parse(stored ?? 'null') as { tabs?: unknown; activeId?: unknown } | null;
    const tabs = Array.isArray(parsed?.tabs) ? parsed.tabs.filter(isTab).map(withoutInitialQuery) : [];
    if (tabs.length === 0) return null;
    const activeId = tabs.some((tab) => tab.id === parsed?.activeId) ? (parsed!.activeId as string) : tabs[0].id;
    return { tabs, activeId };
  } catch {
    return null;
  }
}

export const serialiseWorkspace = (state: WorkspaceState) => JSON.stringify(state);

export function activate(state: WorkspaceState, id: string): WorkspaceState {
  return state.tabs.some((tab) => tab.id === id) ? { ...state, activeId: id } : state;
}

export function openChat(state: WorkspaceState, id = newTabId()): WorkspaceState {
  return { tabs: [...state.tabs, { id, kind: 'chat', title: NEW_TAB_TITLE }], activeId: id };
}

/** Opens the generated protocols of an upload, or the index; a tab already showing it is focused instead. */
export function openUploadTab(state: WorkspaceState, request: { kind: 'generated-protocols'; uploadId: string; count?: number } | { kind: 'protocol-index' }, id = newTabId()): WorkspaceState {
  const existing = state.tabs.find((tab) => tab.kind === request.kind && (tab.kind !== 'generated-protocols' || (request.kind === 'generated-protocols' && tab.uploadId === request.uploadId)));
  if (existing) {
    const count = request.kind === 'generated-protocols' ? request.count : undefined;
    const tabs = count === undefined ? state.tabs : state.tabs.map((tab) => (tab === existing ? { ...tab, count } : tab));
    return { tabs, activeId: existing.id };
  }
  const tab: WorkspaceTab =
    request.kind === 'protocol-index'
      ? { id, kind: 'protocol-index', title: INDEX_TAB_TITLE }
      : { id, kind: 'generated-protocols', title: GENERATED_TAB_TITLE, uploadId: request.uploadId, ...(request.count === undefined ? {} : { count: request.count }) };
  return { tabs: [...state.tabs, tab], activeId: id };
}

/** Closing a tab activates its neighbour; closing the last one leaves a fresh 'New Protocol' tab. */
export function closeTab(state: WorkspaceState, id: string, freshId = newTabId()): WorkspaceState {
  const index = state.tabs.findIndex((tab) => tab.id === id);
  if (index === -1) return state;
  const tabs = state.tabs.filter((tab) => tab.id !== id);
  if (tabs.length === 0) return freshWorkspace(freshId);
  const activeId = state.activeId === id ? tabs[Math.min(index, tabs.length - 1)].id : state.activeId;
  return { tabs, activeId };
}

export const closeAll = (freshId = newTabId()) => freshWorkspace(freshId);

export function renameTab(state: WorkspaceState, id: string, title: string): WorkspaceState {
  const next = title.trim() || NEW_TAB_TITLE;
  if (!state.tabs.some((tab) => tab.id === id && tab.title !== next)) return state;
  return { ...state, tabs: state.tabs.map((tab) => (tab.id === id ? { ...tab, title: next } : tab)) };
}

export const closeGeneratedTab = (state: WorkspaceState, uploadId: string) => {
  const tab = state.tabs.find((candidate) => candidate.kind === 'generated-protocols' && candidate.uploadId === uploadId);
  return tab ? closeTab(state, tab.id) : state;
};

export function countGenerated(state: WorkspaceState, uploadId: string, count: number): WorkspaceState {
  if (!state.tabs.some((tab) => tab.kind === 'generated-protocols' && tab.uploadId === uploadId && tab.count !== count)) return state;
  return { ...state, tabs: state.tabs.map((tab) => (tab.kind === 'generated-protocols' && tab.uploadId === uploadId ? { ...tab, count } : tab)) };
}

/** The conversation a chat tab saves to, kept so a restored tab continues it. */
export function setConversation(state: WorkspaceState, id: string, conversationId: string): WorkspaceState {
  if (!state.tabs.some((tab) => tab.id === id && tab.kind === 'chat' && tab.conversationId !== conversationId)) return state;
  return { ...state, tabs: state.tabs.map((tab) => (tab.id === id && tab.kind === 'chat' ? { ...tab, conversationId } : tab)) };
}

/** A Recent Searches card: the tab already continuing that conversation, or a new one that loads it. */
export function openConversation(state: WorkspaceState, conversationId: string, title: string, id = newTabId()): WorkspaceState {
  const existing = state.tabs.find((tab) => tab.kind === 'chat' && tab.conversationId === conversationId);
  if (existing) return { ...state, activeId: existing.id };
  return { tabs: [...state.tabs, { id, kind: 'chat', title: title.trim() || NEW_TAB_TITLE, conversationId }], activeId: id };
}

/** A deleted conversation takes its tabs with it. */
export function closeConversation(state: WorkspaceState, conversationId: string): WorkspaceState {
  return state.tabs.filter((tab) => tab.kind === 'chat' && tab.conversationId === conversationId).reduce((current, tab) => closeTab(current, tab.id), state);
}

export const SAVED_TAB_PREFIX = 'Saved: ';

/** A Saved Checklists card: its 'Saved:' tab, opened once. */
export function openSavedChecklist(state: WorkspaceState, savedProtocolId: string, title: string, id = newTabId()): WorkspaceState {
  const existing = state.tabs.find((tab) => tab.kind === 'chat' && tab.savedProtocolId === savedProtocolId);
  if (existing) return { ...state, activeId: existing.id };
  return { tabs: [...state.tabs, { id, kind: 'chat', title: `${SAVED_TAB_PREFIX}${title}`, savedProtocolId }], activeId: id };
}

/** An unstarred checklist closes its 'Saved:' tab. */
export function closeSavedChecklist(state: WorkspaceState, savedProtocolId: string): WorkspaceState {
  return state.tabs.filter((tab) => tab.kind === 'chat' && tab.savedProtocolId === savedProtocolId).reduce((current, tab) => closeTab(current, tab.id), state);
}

/** A new topic from another chat: a tab titled by the query, where the query runs at once. */
export function openTopic(state: WorkspaceState, title: string, query: string, id = newTabId()): WorkspaceState {
  return { tabs: [...state.tabs, { id, kind: 'chat', title: title || NEW_TAB_TITLE, initialQuery: query, autoSend: true }], activeId: id };
}

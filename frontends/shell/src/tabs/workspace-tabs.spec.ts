import { describe, expect, it } from '@jest/globals';
import { activate, openTopic, closeAll, closeConversation, closeSavedChecklist, openSavedChecklist, countGenerated, openConversation, setConversation, closeGeneratedTab, closeTab, freshWorkspace, openChat, openUploadTab, renameTab, restoreWorkspace, serialiseWorkspace } from './workspace-tabs';

describe('workspace tabs', () => {
  it('starts with one empty chat tab titled New Protocol', () => {
    expect(freshWorkspace('tab_1')).toEqual({ tabs: [{ id: 'tab_1', kind: 'chat', title: 'New Protocol' }], activeId: 'tab_1' });
  });

  it('restores tabs and the active tab, dropping what is not a tab and any initial query', () => {
    const state = openUploadTab(openChat(freshWorkspace('tab_1', 'dengue'), 'tab_2'), { kind: 'generated-protocols', uploadId: 'up_1' }, 'tab_3');
    const restored = restoreWorkspace(serialiseWorkspace(activate(state, 'tab_2')));
    expect(restored?.activeId).toBe('tab_2');
    expect(restored?.tabs.map((tab) => tab.id)).toEqual(['tab_1', 'tab_2', 'tab_3']);
    expect(restored?.tabs[0]).toEqual({ id: 'tab_1', kind: 'chat', title: 'New Protocol' });
    expect(restoreWorkspace(JSON.stringify({ tabs: [{ id: 'x', kind: 'chat', title: 'a' }, { id: 'tab_9', kind: 'generated-protocols', title: 'b' }] }))).toBeNull();
    expect(restoreWorkspace(JSON.stringify({ tabs: [{ id: 'tab_4', kind: 'protocol-index', title: 'Your Protocol Index' }], activeId: 'tab_gone' }))?.activeId).toBe('tab_4');
    const withConversation = restoreWorkspace(serialiseWorkspace(setConversation(state, 'tab_2', 'conv_abc')));
    expect(withConversation?.tabs[1]).toEqual({ id: 'tab_2', kind: 'chat', title: 'New Protocol', conversationId: 'conv_abc' });
    expect(setConversation(state, 'tab_3', 'conv_abc')).toBe(state);
    expect(restoreWorkspace('{broken')).toBeNull();
    expect(restoreWorkspace(null)).toBeNull();
  });

  it('focuses an upload tab already open instead of opening it twice', () => {
    let state = openUploadTab(freshWorkspace('tab_1'), { kind: 'generated-protocols', uploadId: 'up_1' }, 'tab_2');
    state = openUploadTab(activate(state, 'tab_1'), { kind: 'generated-protocols', uploadId: 'up_1' }, 'tab_3');
    expect(state.tabs).toHaveLength(2);
    expect(state.activeId).toBe('tab_2');
    state = openUploadTab(state, { kind: 'protocol-index' }, 'tab_4');
    expect(state.tabs[2]).toEqual({ id: 'tab_4', kind: 'protocol-index', title: 'Your Protocol Index' });
    expect(countGenerated(state, 'up_1', 0).tabs[1]).toMatchObject({ uploadId: 'up_1', count: 0 });
    expect(countGenerated(state, 'up_9', 3)).toBe(state);
    expect(closeGeneratedTab(state, 'up_1').tabs.map((tab) => tab.id)).toEqual(['tab_1', 'tab_4']);
  });

  it('activates the neighbour of a closed active tab, and leaves a fresh tab when the last one closes', () => {
    const state = openChat(openChat(freshWorkspace('tab_1'), 'tab_2'), 'tab_3');
    expect(closeTab(activate(state, 'tab_2'), 'tab_2')).toMatchObject({ activeId: 'tab_3' });
    expect(closeTab(state, 'tab_3')).toMatchObject({ activeId: 'tab_2' });
    expect(closeTab(activate(state, 'tab_1'), 'tab_3').activeId).toBe('tab_1');
    expect(closeTab(freshWorkspace('tab_1'), 'tab_1', 'tab_5')).toEqual(freshWorkspace('tab_5'));
    expect(closeAll('tab_6')).toEqual(freshWorkspace('tab_6'));
  });

  it('renames a tab, a blank title reading New Protocol', () => {
    const state = freshWorkspace('tab_1');
    expect(renameTab(state, 'tab_1', 'Dengue Fever Management').tabs[0].title).toBe('Dengue Fever Management');
    expect(renameTab(state, 'tab_1', '  ')).toBe(state);
  });

  it('opens a conversation from Recent Searches once, and closes its tabs when it is deleted', () => {
    let state = openConversation(freshWorkspace('tab_1'), 'conv_a', 'dengue symptoms', 'tab_2');
    expect(state.tabs[1]).toEqual({ id: 'tab_2', kind: 'chat', title: 'dengue symptoms', conversationId: 'conv_a' });
    state = openConversation(activate(state, 'tab_1'), 'conv_a', 'dengue symptoms', 'tab_3');
    expect(state).toMatchObject({ activeId: 'tab_2' });
    expect(state.tabs).toHaveLength(2);
    expect(closeConversation(state, 'conv_a').tabs.map((tab) => tab.id)).toEqual(['tab_1']);
    expect(closeConversation(freshWorkspace('tab_1'), 'conv_b')).toEqual(freshWorkspace('tab_1'));
  });

  it("opens a saved checklist as a 'Saved:' tab once, and closes it when the checklist is unstarred", () => {
    let state = openSavedChecklist(freshWorkspace('tab_1'), 'protocol_dengue', 'Dengue Symptoms', 'tab_2');
    expect(state.tabs[1]).toEqual({ id: 'tab_2', kind: 'chat', title: 'Saved: Dengue Symptoms', savedProtocolId: 'protocol_dengue' });
    expect(restoreWorkspace(serialiseWorkspace(state))?.tabs[1]).toEqual(state.tabs[1]);
    state = openSavedChecklist(activate(state, 'tab_1'), 'protocol_dengue', 'Dengue Symptoms', 'tab_3');
    expect(state.tabs).toHaveLength(2);
    expect(closeSavedChecklist(state, 'protocol_dengue').tabs.map((tab) => tab.id)).toEqual(['tab_1']);
  });

  it('opens a new topic in its own tab that runs the query once, and does not run it again after a reload', () => {
    const state = openTopic(freshWorkspace('tab_1'), 'malaria treatment in pregnancy...', 'malaria treatment in pregnancy first trimester', 'tab_2');
    expect(state).toMatchObject({ activeId: 'tab_2' });
    expect(state.tabs[1]).toEqual({ id: 'tab_2', kind: 'chat', title: 'malaria treatment in pregnancy...', initialQuery: 'malaria treatment in pregnancy first trimester', autoSend: true });
    expect(restoreWorkspace(serialiseWorkspace(state))?.tabs[1]).toEqual({ id: 'tab_2', kind: 'chat', title: 'malaria treatment in pregnancy...' });
  });
});

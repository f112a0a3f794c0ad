/** The sidebar's texts (docs/product-spec.md §2 "Dashboard", §8 alerts). */
export const SidebarTexts = {
  rename: 'Rename',
  unstar: 'Unstar',
  delete: 'Delete',
  actionsFor: (title: string) => `Actions for ${title}`,
  renameLabel: 'New title',
  renameConversationFailed: 'Failed to rename conversation',
  deleteConversationFailed: 'Failed to delete conversation. Please try again.',
  renameProtocolFailed: 'Failed to rename protocol',
  removeProtocolFailed: 'Failed to remove protocol. Please try again.',
} as const;

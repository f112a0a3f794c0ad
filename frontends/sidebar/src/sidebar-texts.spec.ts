import { describe, expect, it } from '@jest/globals';
import { productSpecText, textsMissingFromSpec } from '../../shared/test-support/product-spec';
import { SidebarTexts } from './sidebar-texts';

const spec = productSpecText();

(spec ? describe : describe.skip)('sidebar texts', () => {
  it('uses the specification’s texts word for word', () => {
    const { rename, unstar, delete: remove, renameConversationFailed, deleteConversationFailed, renameProtocolFailed, removeProtocolFailed } = SidebarTexts;
    expect(textsMissingFromSpec(spec!, [rename, unstar, remove, renameConversationFailed, deleteConversationFailed, renameProtocolFailed, removeProtocolFailed])).toEqual([]);
  });
});

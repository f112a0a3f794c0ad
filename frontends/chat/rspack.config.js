import { createCairnConfig } from '@cairn/frontend-shared/rspack';

export default createCairnConfig({
  name: 'chat',
  dirname: import.meta.dirname,
  exposes: { './Module': './src/chat.component.tsx' },
});

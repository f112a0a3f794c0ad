import { createCairnConfig } from '@cairn/frontend-shared/rspack';

export default createCairnConfig({
  name: 'sidebar',
  dirname: import.meta.dirname,
  exposes: { './Module': './src/sidebar.component.tsx' },
});

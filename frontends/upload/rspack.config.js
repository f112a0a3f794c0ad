import { createCairnConfig } from '@cairn/frontend-shared/rspack';

export default createCairnConfig({
  name: 'upload',
  dirname: import.meta.dirname,
  exposes: { './Module': './src/upload.component.tsx' },
});

import { createCairnConfig } from '@cairn/frontend-shared/rspack';

export default createCairnConfig({
  name: 'shell',
  dirname: import.meta.dirname,
  html: { template: './src/index.html', title: 'Cairn · Clinical protocol search' },
});

import { describeEmbedderContract } from '../embedder.contract.js';
import { LocalEmbedderAdapter } from './local-embedder.adapter.js';

describeEmbedderContract('LocalEmbedderAdapter (bundled model)', () => LocalEmbedderAdapter.load());

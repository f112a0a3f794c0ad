/** The embedder's tokenizer is the shared one: the model was trained with exactly this. */
export { stem, tokenize } from '@cairn/rules';

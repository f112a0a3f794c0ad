import { analyze } from './english-analyzer.js';
import { illegalArgument, parsingError } from './elasticsearch-error.js';
import { fuzzyExpansions } from './fuzzy-terms.js';
import { isObject, type Json, type MemoryIndex } from './memory-index.js';

const TERM_OPTIONS = ['field', 'suggest_mode', 'max_edits', 'prefix_length', 'min_word_length', 'size', 'sort', 'string_distance'];

/**
 * Elasticsearch's term suggester: for each token of the text (analysed as the field is), indexed terms
 * within `max_edits` (1 or 2) that share its first `prefix_length` characters, scored
 * 1 − edits / the longer length and sorted by score then frequency (or the reverse). `suggest_mode`
 * `missing` suggests only for tokens the field does not hold, `popular` only more frequent terms.
 */
export function suggest(index: MemoryIndex, body: unknown): Json {
  if (!isObject(body)) throw parsingError('[suggest] must be an object');
  const answer: Json = {};
  for (const [name, suggestion] of Object.entries(body)) {
    if (name === 'text') continue;
    if (!isObject(suggestion) || !isObject(suggestion.term)) throw illegalArgument('the wire-level test double supports the term suggester only');
    const options = suggestion.term;
    const unknown = Object.keys(options).find((key) => !TERM_OPTIONS.includes(key));
    if (unknown !== undefined) throw parsingError(`[term] unknown field [${unknown}]`);
    const field = String(options.field);
    const maxEdits = Number(options.max_edits ?? 2);
    if (maxEdits !== 1 && maxEdits !== 2) throw illegalArgument(`Illegal max_edits value: ${String(options.max_edits)}`);
    const prefixLength = Number(options.prefix_length ?? 1);
    const minWordLength = Number(options.min_word_length ?? 4);
    const mode = String(options.suggest_mode ?? 'missing');
    const size = Number(options.size ?? 5);
    const byFrequency = options.sort === 'frequency';
    const text = String(suggestion.text ?? body.text ?? '');
    let offset = 0;
    answer[name] = analyze(text, index.analyzerFor(field) ?? 'standard').map((token) => {
      const at = text.toLowerCase().indexOf(token, offset);
      offset = at >= 0 ? at + token.length : offset;
      const frequency = index.documentFrequency(field, token);
      const skip = token.length < minWordLength || (mode === 'missing' && frequency > 0);
      const found = skip
        ? []
        : fuzzyExpansions(token, index.fieldTerms(field), maxEdits, prefixLength, Infinity)
            .filter((expansion) => expansion.edits > 0)
            .map((expansion) => ({
              text: expansion.term,
              score: 1 - expansion.edits / Math.max(token.length, expansion.term.length),
              freq: index.documentFrequency(field, expansion.term),
            }))
            .filter((option) => mode !== 'popular' || option.freq > frequency)
            .sort((a, b) => (byFrequency ? b.freq - a.freq || b.score - a.score : b.score - a.score || b.freq - a.freq))
            .slice(0, size);
      return { text: token, offset: Math.max(at, 0), length: token.length, options: found };
    });
  }
  return answer;
}

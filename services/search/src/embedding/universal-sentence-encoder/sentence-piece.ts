/** SentencePiece's word-boundary mark: a piece that starts a word begins with it. */
export const WORD_START = '\u2581';

/** Below any real piece, as SentencePiece scores an unknown character: the lowest score minus 10. */
const UNKNOWN_PENALTY = 10;

export type ScoredPiece = readonly [piece: string, score: number];

export interface SentencePieceOptions {
  /** Ids below this are control symbols (padding, sentence marks), never produced from text. */
  reservedIds: number;
  /** The id an unknown character becomes. */
  unknownId: number;
}

/**
 * A unigram SentencePiece segmenter: the text, NFKC-normalised with each space a word mark, is split into
 * the pieces whose summed log-probabilities are highest (Viterbi over every vocabulary piece that matches
 * at each position). A character no piece covers becomes the unknown id; consecutive unknowns merge.
 */
export class SentencePieceTokenizer {
  private readonly ids = new Map<string, number>();
  private readonly scores: number[];
  private readonly longestPiece: number;
  private readonly unknownScore: number;

  constructor(
    vocabulary: readonly ScoredPiece[],
    private readonly options: SentencePieceOptions,
  ) {
    this.scores = vocabulary.map(([, score]) => score);
    let longest = 1;
    let lowest = 0;
    vocabulary.forEach(([piece, score], id) => {
      if (id < options.reservedIds) return;
      this.ids.set(piece, id);
      longest = Math.max(longest, [...piece].length);
      lowest = Math.min(lowest, score);
    });
    this.longestPiece = longest;
    this.unknownScore = lowest - UNKNOWN_PENALTY;
  }

  /** The piece ids of a text; an empty text has none. */
  encode(text: string): number[] {
    const normalised = text.normalize('NFKC');
    if (normalised.length === 0) return [];
    const characters = [...(WORD_START + normalised.replace(/ /g, WORD_START))];
    const best = bestSegmentation(characters, this.longestPiece, (piece) => this.ids.get(piece), this.scores, this.unknownScore, this.options.unknownId);
    return mergeUnknowns(best, this.options.unknownId);
  }

  /** Whether a word (without its mark) is one piece of the vocabulary, i.e. the model saw it whole. */
  knowsWord(word: string): boolean {
    return this.ids.has(WORD_START + word.normalize('NFKC'));
  }
}

interface Step {
  score: number;
  start: number;
  id: number;
}

function bestSegmentation(
  characters: string[],
  longestPiece: number,
  idOf: (piece: string) => number | undefined,
  scores: number[],
  unknownScore: number,
  unknownId: number,
): number[] {
  const best: (Step | undefined)[] = new Array(characters.length + 1);
  best[0] = { score: 0, start: -1, id: -1 };
  const offer = (end: number, step: Step) => {
    const current = best[end];
    if (!current || step.score > current.score) best[end] = step;
  };
  for (let start = 0; start < characters.length; start++) {
    const reached = best[start]!;
    let piece = '';
    let singleCharacterKnown = false;
    for (let end = start + 1; end <= Math.min(characters.length, start + longestPiece); end++) {
      piece += characters[end - 1];
      const id = idOf(piece);
      if (id === undefined) continue;
      if (end === start + 1) singleCharacterKnown = true;
      offer(end, { score: reached.score + scores[id], start, id });
    }
    if (!singleCharacterKnown) offer(start + 1, { score: reached.score + unknownScore, start, id: unknownId });
  }
  const ids: number[] = [];
  for (let end = characters.length; end > 0; end = best[end]!.start) ids.push(best[end]!.id);
  return ids.reverse();
}

function mergeUnknowns(ids: number[], unknownId: number): number[] {
  return ids.filter((id, index) => id !== unknownId || ids[index - 1] !== unknownId);
}

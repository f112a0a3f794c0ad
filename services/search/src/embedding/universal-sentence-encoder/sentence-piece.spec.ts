import { describe, expect, it } from '@jest/globals';
import { SentencePieceTokenizer, WORD_START, type ScoredPiece } from './sentence-piece.js';

const W = WORD_START;
const vocabulary: ScoredPiece[] = [
  ['<unk>', 0],
  ['<s>', 0],
  [`${W}fever`, -2],
  [`${W}fe`, -3],
  ['ver', -3],
  [`${W}`, -4],
  ['f', -5],
  ['e', -5],
  ['v', -5],
  ['r', -5],
  [`${W}d`, -4],
  ['engue', -4],
  [`${W}dengue`, -9],
  ['<s>x', -1],
];
const tokenizer = new SentencePieceTokenizer(vocabulary, { reservedIds: 2, unknownId: 0 });
const pieces = (text: string) => tokenizer.encode(text).map((id) => vocabulary[id][0]);

describe('SentencePieceTokenizer', () => {
  it('takes the segmentation with the highest total score, not the longest first piece', () => {
    expect(pieces('fever')).toEqual([`${W}fever`]);
    expect(pieces('dengue')).toEqual([`${W}d`, 'engue']);
  });

  it('marks every word start, spaces included', () => {
    expect(pieces('dengue fever')).toEqual([`${W}d`, 'engue', `${W}fever`]);
  });

  it('turns an uncovered character into one unknown id, merging a run of them', () => {
    expect(tokenizer.encode('fe\u03b1\u03b2ver')).toEqual([3, 0, 4]);
  });

  it('never produces reserved control symbols from text', () => {
    expect(tokenizer.encode('<s>')).not.toContain(1);
    expect(tokenizer.encode('')).toEqual([]);
  });

  it('normalises compatibility characters (NFKC) before matching', () => {
    expect(pieces('\uff46\uff45\uff56\uff45\uff52')).toEqual([`${W}fever`]);
    expect(pieces('\ufb01')).toEqual([W, 'f', '<unk>']);
  });

  it('knows a word only when the vocabulary holds it whole', () => {
    expect(tokenizer.knowsWord('fever')).toBe(true);
    expect(tokenizer.knowsWord('dengue')).toBe(true);
    expect(tokenizer.knowsWord('engue')).toBe(false);
  });
});

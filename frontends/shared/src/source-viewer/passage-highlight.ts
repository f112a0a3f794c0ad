/** Words only, lower case: how a page's text and a quoted passage are compared. */
const normalise = (text: string) =>
  text
    .toLowerCase()
    .replace(/[‐‑‒–—]/g, '-')
    .replace(/[^\p{L}\p{N}%./-]+/gu, ' ')
    .trim();

/** A text item this short is marked only beside a marked neighbour: alone it could match anywhere. */
const MIN_ALONE_CHARACTERS = 16;

/**
 * Which text items of a PDF page belong to a quoted passage: those whose words occur, in order, in
 * the passage (an excerpt may be cut short with an ellipsis). Short items count only next to a
 * longer one that does, so a lone '1' or 'and' is never marked.
 */
export function passageItems(items: string[], passage: string): number[] {
  const quoted = normalise(passage.replace(/(…|\.\.\.)\s*$/, ''));
  if (!quoted) return [];
  const texts = items.map(normalise);
  const inPassage = texts.map((text) => text.length > 0 && quoted.includes(text));
  const anchored = texts.map((text, index) => inPassage[index] && text.length >= MIN_ALONE_CHARACTERS);
  const marked: number[] = [];
  texts.forEach((text, index) => {
    if (!inPassage[index]) return;
    if (anchored[index] || nearAnchor(texts, anchored, index)) marked.push(index);
  });
  return marked;
}

/** Whether the nearest non-empty items before or after `index` are anchored. */
function nearAnchor(texts: string[], anchored: boolean[], index: number): boolean {
  const neighbour = (step: 1 | -1) => {
    for (let at = index + step; at >= 0 && at < texts.length; at += step) if (texts[at]) return anchored[at];
    return false;
  };
  return neighbour(-1) || neighbour(1);
}

/** The items of the first passage the page quotes: a step's own sentence before the excerpt of the source it cites. */
export function firstQuotedItems(items: string[], passages: string[]): number[] {
  for (const passage of passages) {
    const marked = passageItems(items, passage);
    if (marked.length > 0) return marked;
  }
  return [];
}

export type TextBlock = { kind: 'paragraph'; text: string } | { kind: 'list'; items: string[] };

const LIST_ITEM = /^\s*[-*•]\s+/;

/** Splits a reply into paragraphs (one per line) and bullet lists (runs of '- ' lines). */
export function textBlocks(text: string): TextBlock[] {
  const blocks: TextBlock[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    if (LIST_ITEM.test(line)) {
      const item = line.replace(LIST_ITEM, '').trim();
      const previous = blocks.at(-1);
      if (previous?.kind === 'list') previous.items.push(item);
      else blocks.push({ kind: 'list', items: [item] });
    } else {
      blocks.push({ kind: 'paragraph', text: line.trim() });
    }
  }
  return blocks;
}

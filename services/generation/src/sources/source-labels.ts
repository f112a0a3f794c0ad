const LEADING_LABEL = /^\s*(?:\[\s*source\s*(\d+)\s*\]|source\s*(\d+)\s*[:.)–—-])\s*(?:\(([^()]{1,200})\))?\s*[:–—-]?\s*/i;
const INLINE_LABEL = /\s*\[\s*source\s*\d+\s*\]/gi;

/** A snippet's text without the labels clients put on context ("[Source 2] (Dengue): …", "Source 2: …"). */
export interface LabelledText {
  text: string;
  /** The topic in the label's brackets, e.g. "Dengue". */
  topic: string | null;
  /** The source's number the label gives ("[Source 4]"), or null. */
  number: number | null;
}

export function readSourceLabel(text: string): LabelledText {
  const match = LEADING_LABEL.exec(text);
  const rest = match ? text.slice(match[0].length) : text;
  const number = Number(match?.[1] ?? match?.[2]);
  return { text: stripSourceLabels(rest), topic: match?.[3]?.trim() || null, number: Number.isInteger(number) && number > 0 ? number : null };
}

/** Removes source tags anywhere in a text: no "[Source n]" ever reaches what a clinician reads. */
export function stripSourceLabels(text: string): string {
  return text.replace(LEADING_LABEL, '').replace(INLINE_LABEL, '').trim();
}

import { tokenize } from '@cairn/rules';
import type { ExtractedSection, ExtractedText, ProtocolCandidate } from '@cairn/contracts';

/** A part shorter than this is too thin for a protocol of its own and joins its neighbour. */
const MIN_CANDIDATE_WORDS = 30;
export const MAX_CANDIDATES_PER_DOCUMENT = 100;

const words = (sections: ExtractedSection[]) => sections.reduce((sum, section) => sum + section.text.split(/\s+/).filter(Boolean).length, 0);

const fileTitle = (sourceFile: string) => sourceFile.replace(/\.pdf$/i, '').replace(/[_]+/g, ' ').trim() || sourceFile;

/** The largest heading size that opens at least two sections: the document's protocol level. */
function protocolLevel(sections: ExtractedSection[]): number | null {
  const counts = new Map<number, number>();
  for (const section of sections) if (section.heading) counts.set(section.headingSize, (counts.get(section.headingSize) ?? 0) + 1);
  const sizes = [...counts].filter(([, count]) => count >= 2).map(([size]) => size);
  return sizes.length > 0 ? Math.max(...sizes) : null;
}

function split(document: ExtractedText): ProtocolCandidate[] {
  const whole: ProtocolCandidate = {
    title: document.title?.trim() || fileTitle(document.sourceFile),
    sourceFile: document.sourceFile,
    year: document.year,
    sections: document.sections,
    ...(document.fileRef && { fileRef: document.fileRef }),
  };
  const level = protocolLevel(document.sections);
  if (level === null) return [whole];
  const parts: ProtocolCandidate[] = [];
  for (const section of document.sections) {
    const opens = section.heading && section.headingSize >= level;
    if (opens || parts.length === 0) parts.push({ ...whole, title: opens ? section.heading : whole.title, sections: [section] });
    else parts[parts.length - 1].sections.push(section);
  }
  const merged: ProtocolCandidate[] = [];
  for (const part of parts) {
    const previous = merged[merged.length - 1];
    if (previous && words(part.sections) < MIN_CANDIDATE_WORDS) previous.sections.push(...part.sections);
    else if (previous && words(previous.sections) < MIN_CANDIDATE_WORDS) merged[merged.length - 1] = { ...part, sections: [...previous.sections, ...part.sections] };
    else merged.push(part);
  }
  return merged;
}

/**
 * Splits an uploaded document into the parts that each become one protocol, at its top headings
 * (a 40-page guideline gives one protocol per chapter). With focus terms (the user's custom
 * instructions), parts that mention them come first and parts that mention none are left out,
 * unless no part mentions any.
 */
export function protocolCandidates(document: ExtractedText, focus: string): ProtocolCandidate[] {
  const candidates = split(document).filter((candidate) => words(candidate.sections) > 0);
  const focusStems = new Set(tokenize(focus));
  if (focusStems.size === 0) return candidates.slice(0, MAX_CANDIDATES_PER_DOCUMENT);
  const scored = candidates.map((candidate, index) => {
    const stems = tokenize(`${candidate.title} ${candidate.sections.map((s) => `${s.heading} ${s.text}`).join(' ')}`);
    const title = new Set(tokenize(candidate.title));
    const score = stems.filter((stem) => focusStems.has(stem)).length + [...title].filter((stem) => focusStems.has(stem)).length * 5;
    return { candidate, index, score };
  });
  const focused = scored.filter((entry) => entry.score > 0);
  const chosen = focused.length > 0 ? focused.sort((a, b) => b.score - a.score || a.index - b.index) : scored;
  return chosen.map((entry) => entry.candidate).slice(0, MAX_CANDIDATES_PER_DOCUMENT);
}

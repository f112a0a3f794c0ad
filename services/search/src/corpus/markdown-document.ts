import { parse as parseYaml } from 'yaml';
import { z } from 'zod';
import type { DocumentSection } from '../chunks/chunker.js';

export const frontMatterSchema = z.object({
  title: z.string().min(1),
  organization: z.string().min(1),
  region: z.string().min(1),
  year: z.coerce.number().int().min(1900).max(2100),
  disease: z.string().min(1),
  topics: z.array(z.coerce.string()).default([]),
  source_url: z.url(),
  last_reviewed: z.union([z.string(), z.date()]).transform((value) => (value instanceof Date ? value.toISOString().slice(0, 10) : value)),
});

export type FrontMatter = z.infer<typeof frontMatterSchema>;

export interface MarkdownDocument {
  frontMatter: FrontMatter;
  sections: DocumentSection[];
}

const FRONT_MATTER = /^---\r?\n([\s\S]*?)\r?\n---\r?\n?/;

/** Parses a corpus markdown file: YAML front matter, then `## ` sections. */
export function parseMarkdownDocument(markdown: string, name = 'document'): MarkdownDocument {
  const match = FRONT_MATTER.exec(markdown);
  if (!match) throw new Error(`${name}: missing front matter`);
  const parsed = frontMatterSchema.safeParse(parseYaml(match[1]));
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${name}: front matter field ${issue.path.join('.')}: ${issue.message}`);
  }
  return { frontMatter: parsed.data, sections: parseSections(markdown.slice(match[0].length)) };
}

export function parseSections(body: string): DocumentSection[] {
  const sections: DocumentSection[] = [];
  let current: DocumentSection | null = null;
  for (const line of body.split(/\r?\n/)) {
    const heading = /^#{1,3}\s+(.+?)\s*#*$/.exec(line);
    if (heading) {
      current = { heading: heading[1].trim(), text: '' };
      sections.push(current);
    } else if (line.trim()) {
      current ??= sections[sections.push({ heading: '', text: '' }) - 1];
      current.text = current.text ? `${current.text}\n${line.trim()}` : line.trim();
    }
  }
  return sections.filter((section) => section.text.length > 0);
}

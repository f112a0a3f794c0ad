import type { OpenAiChatRequest } from './openai-double.js';

interface PromptSource {
  id: number;
  heading: string;
  sentences: string[];
}

/** The numbered sources of a Cairn prompt (`[Source n] heading (origin)` then the text), each as its sentences. */
export function promptSources(request: OpenAiChatRequest): PromptSource[] {
  const prompt = String(request.messages.at(-1)?.content ?? '');
  return [...prompt.matchAll(/^\[Source (\d+)\]([^\n]*)\n([\s\S]*?)(?=\n\n\[Source \d+\]|(?![\s\S]))/gm)].map((match) => ({
    id: Number(match[1]),
    heading: match[2].trim(),
    sentences: match[3]
      .split(/\n+/)
      .map((line) => line.replace(/^\s*(?:[-•*]|\d+[.)])\s+/, '').trim())
      .flatMap((line) => line.match(/[^.!?]+(?:[.!?]+|$)/g) ?? [])
      .map((sentence) => sentence.trim())
      .filter((sentence) => sentence.length >= 20),
  }));
}

/**
 * What a faithful model writes for a Cairn prompt: a checklist (steps first, then the title) or an
 * answer whose sentences are sentences of the sources, taken in turn from each source and citing it.
 */
export function sourcedReply(request: OpenAiChatRequest, maxSteps = 8): string {
  const prompt = String(request.messages.at(-1)?.content ?? '');
  const topicWords = (/^(?:Topic|Protocol): (.*)$/m.exec(prompt)?.[1] ?? '').toLowerCase().match(/[a-z]{4,}/g) ?? [];
  const all = promptSources(request).filter((source) => source.sentences.length > 0);
  const textOf = (source: PromptSource) => `${source.heading} ${source.sentences.join(' ')}`.toLowerCase();
  // A topic word few sources name says more about what a source is about.
  const weight = new Map(topicWords.map((word) => [word, 1 / Math.max(1, all.filter((source) => textOf(source).includes(word)).length)]));
  const aboutTopic = (source: PromptSource) => topicWords.reduce((sum, word) => sum + (source.heading.toLowerCase().includes(word) ? 2 : textOf(source).includes(word) ? 1 : 0) * weight.get(word)!, 0);
  // Like a model, it writes first from the sources about the topic.
  const sources = [...all].sort((a, b) => aboutTopic(b) - aboutTopic(a));
  const picked: { text: string; citation: number; explanation: string }[] = [];
  for (let round = 0; picked.length < maxSteps && sources.some((source) => source.sentences.length > round * 2); round++) {
    for (const source of sources) {
      const [text, explanation = ''] = source.sentences.slice(round * 2, round * 2 + 2);
      if (text && picked.length < maxSteps) picked.push({ text, citation: source.id, explanation });
    }
  }
  const schema = (request.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  if (schema === 'answer') return JSON.stringify({ sentences: picked.slice(0, 3).map(({ text, citation }) => ({ text, citation })) });
  const topic = /^Topic: (.*)$/m.exec(prompt)?.[1] ?? 'Protocol';
  return JSON.stringify({ steps: picked, title: topic.replace(/\b\w/g, (letter) => letter.toUpperCase()) });
}

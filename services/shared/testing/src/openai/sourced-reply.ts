import type { OpenAiChatRequest } from './openai-double.js';

interface PromptSource {
  id: number;
  sentences: string[];
}

/** The numbered sources of a Cairn prompt (`[Source n] heading (origin)` then the text), each as its sentences. */
export function promptSources(request: OpenAiChatRequest): PromptSource[] {
  const prompt = String(request.messages.at(-1)?.content ?? '');
  return [...prompt.matchAll(/^\[Source (\d+)\][^\n]*\n([\s\S]*?)(?=\n\n\[Source \d+\]|$)/gm)].map((match) => ({
    id: Number(match[1]),
    sentences: match[2].replace(/\s+/g, ' ').match(/[^.!?]+[.!?]+/g)?.map((sentence) => sentence.trim()) ?? [],
  }));
}

/**
 * What a faithful model writes for a Cairn prompt: a checklist (steps first, then the title) or an
 * answer whose sentences are sentences of the sources, taken in turn from each source and citing it.
 */
export function sourcedReply(request: OpenAiChatRequest, maxSteps = 8): string {
  const sources = promptSources(request).filter((source) => source.sentences.length > 0);
  const picked: { text: string; explanation: string; citation: number }[] = [];
  for (let round = 0; picked.length < maxSteps && sources.some((source) => source.sentences.length > round * 2); round++) {
    for (const source of sources) {
      const [text, explanation = ''] = source.sentences.slice(round * 2, round * 2 + 2);
      if (text && picked.length < maxSteps) picked.push({ text, explanation, citation: source.id });
    }
  }
  const schema = (request.response_format as { json_schema?: { name?: string } } | undefined)?.json_schema?.name;
  if (schema === 'answer') return JSON.stringify({ sentences: picked.slice(0, 3).map(({ text, citation }) => ({ text, citation })) });
  const topic = /^Topic: (.*)$/m.exec(String(request.messages.at(-1)?.content ?? ''))?.[1] ?? 'Protocol';
  return JSON.stringify({ steps: picked, title: topic });
}

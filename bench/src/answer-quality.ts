import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { buildGenerateRequest, type SnippetSource } from '@cairn/rules';
import { halfOf, loadClinicalQueries, type Half } from './clinical-queries.js';
import { clinicalQueriesFile, documentRanking } from './clinical-retrieval.js';
import { repoRoot } from './datasets.js';

export interface FollowUpQuestion {
  id: string;
  protocol: string;
  question: string;
  /** Pattern the first sentence of a good answer matches. */
  fact: string;
  /** With a step pattern: asked in that step's thread instead of the protocol chat. */
  step?: string;
}

const readQuestions = (name: string) => (JSON.parse(readFileSync(resolve(repoRoot, 'bench/data', name), 'utf8')) as { questions: FollowUpQuestion[] }).questions;

/** Which follow-up questions: a half of the frozen set, the held-out half of the fresh batch, or the second fresh batch, all held out. */
export type FollowUpSet = Half | 'fresh test' | 'second fresh';

/**
 * The frozen questions of one half. The tune half also has the two sets of extra tune questions and the
 * tune half of the fresh batch, all written later; the fresh batch's test half and the second fresh batch
 * are held out on their own.
 */
export function loadFollowUpQuestions(set: FollowUpSet): FollowUpQuestion[] {
  const freshHalf = (half: Half) => readQuestions('follow-up-questions-fresh.json').filter((question) => halfOf(question.question) === half);
  if (set === 'fresh test') return freshHalf('test');
  if (set === 'second fresh') return readQuestions('follow-up-questions-fresh-2.json');
  const frozen = readQuestions('follow-up-questions.json').filter((question) => halfOf(question.question) === set);
  const extra = ['follow-up-questions-extra-tune.json', 'follow-up-questions-extra-tune-2.json'].flatMap(readQuestions);
  return set === 'tune' ? [...frozen, ...extra, ...freshHalf('tune')] : frozen;
}

/** The first sentence of an answer (or its first list item), without its citation: what a clinician reads first. */
export function firstSentence(answer: string): string {
  const text = answer.trim().replace(/^[-•*]\s+/, '');
  return (/^(.*?[.!?])(?=\s|$)/s.exec(text)?.[1] ?? text).split(/\s*\[\d+\]/)[0];
}

/** A citation ending a sentence: a source's number ('[2]') or, for a source the protocol does not cite, its name ('[ICMR: Heat stroke…]'). */
const CITATION = /\s*\[\d+\]\s*|\s*\[[^\]\n]+\](?=\s*(?:\n|$))\s*/;

/** An answer with a cut ("..."), list items run together (" - "), or a quoted piece that is no whole sentence. */
export function isFragmentary(answer: string): boolean {
  if (/\.\.\.|…/.test(answer) || /[.!?;,]\s+[-•*]\s+\w/.test(answer)) return true;
  const pieces = answer.split(CITATION).map((piece) => piece.trim()).filter(Boolean);
  return pieces.some((piece) => !/[.!?:]$/.test(piece.split('\n').at(-1)!.trim()) && !/^\s*[-•*]/.test(piece.split('\n').at(-1)!));
}

interface Hit extends SnippetSource {
  id: string;
}

export interface Protocol {
  title: string;
  checklist: { step: number; text: string; explanation: string; citation: number; citations: number[] }[];
  citations: { id: number; source: string; organization: string; year: number | null; region: string; url: string; excerpt: string }[];
}

type Post = <T>(path: string, body: unknown) => Promise<T>;

/** A refused query (400) gets no checklist, which is what the clinician sees. */
async function generate(post: Post, body: unknown): Promise<Protocol> {
  try {
    return await post<Protocol>('/api/protocols/generate', body);
  } catch (error) {
    if (error instanceof Error && / 400 /.test(error.message)) return { title: '', checklist: [], citations: [] };
    throw error;
  }
}

/** Search (8 hits, as the chat asks) then generate from the hits for the query as searched, as the web app does. */
export async function searchAndGenerate(post: Post, query: string): Promise<{ hits: Hit[]; protocol: Protocol }> {
  const search = await post<{ hits: Hit[]; corrected_query?: string }>('/api/protocols/search?use_hybrid=true&enhance_query=true', { query, size: 8 });
  const protocol = await generate(post, buildGenerateRequest(search.corrected_query ?? query, search.hits));
  return { hits: search.hits, protocol };
}

export interface ChecklistFigures {
  queries: number;
  rankedFirst: number;
  withHits: number;
  queryAlone: number;
  short: { query: string; withHits: number; queryAlone: number }[];
}

/**
 * For the clinical queries whose right protocol search ranks first: how many get a checklist of at
 * least 5 steps through the generate route, with the hits (as the chat sends them) and with the query alone.
 */
export async function checklistFigures(post: Post, half: Half): Promise<ChecklistFigures> {
  const queries = [
    ...loadClinicalQueries(clinicalQueriesFile(half)).filter((query) => query.half === half),
    ...(half === 'tune' ? loadClinicalQueries(clinicalQueriesFile('extra tune')) : []),
  ];
  const figures: ChecklistFigures = { queries: queries.length, rankedFirst: 0, withHits: 0, queryAlone: 0, short: [] };
  for (const query of queries) {
    const { hits, protocol } = await searchAndGenerate(post, query.query);
    const top = documentRanking(hits.map((hit) => hit.id))[0];
    if (query.relevant[top] !== 2) continue;
    figures.rankedFirst++;
    const alone = await generate(post, { title: query.query, instructions: '', region: null, year: null });
    if (protocol.checklist.length >= 5) figures.withHits++;
    if (alone.checklist.length >= 5) figures.queryAlone++;
    if (protocol.checklist.length < 5 || alone.checklist.length < 5) {
      figures.short.push({ query: query.query, withHits: protocol.checklist.length, queryAlone: alone.checklist.length });
    }
  }
  return figures;
}

export interface FollowUpResult {
  question: FollowUpQuestion;
  answer: string;
  leads: boolean;
  fragmentary: boolean;
}

/** Asks each follow-up about the checklist its protocol question gets, as the chat (or a step thread) asks it. */
export async function followUpResults(post: Post, set: FollowUpSet): Promise<FollowUpResult[]> {
  const results: FollowUpResult[] = [];
  for (const question of loadFollowUpQuestions(set)) {
    const { protocol } = await searchAndGenerate(post, question.protocol);
    const answer = await (question.step ? askInStepThread(post, question, protocol) : askInChat(post, question, protocol)).catch(refusal);
    const refused = answer.startsWith(REFUSED);
    results.push({ question, answer, leads: !refused && new RegExp(question.fact, 'i').test(firstSentence(answer)), fragmentary: !refused && isFragmentary(answer) });
  }
  return results;
}

const REFUSED = '(refused:';

/** A follow-up the API turns away (400) is an answer that states nothing (and is no fragment); any other failure stops the bench. */
function refusal(error: Error): string {
  if (!/: 400 /.test(error.message)) throw error;
  return `${REFUSED} ${error.message.replace(/^.*?: 400 /, '')})`;
}

async function askInChat(post: Post, question: FollowUpQuestion, protocol: Protocol): Promise<string> {
  const reply = await post<{ answer: string }>('/api/protocols/conversation', {
    message: question.question,
    concept_title: protocol.title,
    protocol_json: protocol,
    citations_list: protocol.citations,
    conversation_history: [{ role: 'user', content: question.protocol }],
    enable_context_search: true,
  });
  return reply.answer;
}

async function askInStepThread(post: Post, question: FollowUpQuestion, protocol: Protocol): Promise<string> {
  const step = protocol.checklist.find((candidate) => new RegExp(question.step!, 'i').test(candidate.text));
  if (!step) return `(no such step shown; the steps: ${protocol.checklist.map((candidate) => candidate.text).join(' | ')})`;
  const reply = await post<{ message: string }>('/api/protocols/step-thread', {
    message: question.question,
    step_id: `step-${step.step}`,
    step_text: step.text,
    step_citation: step.citation,
    protocol_title: protocol.title,
    protocol_citations: protocol.citations.map((citation) => `[Source ${citation.id}] ${citation.excerpt || citation.source}`),
    thread_history: [],
  });
  return reply.message;
}

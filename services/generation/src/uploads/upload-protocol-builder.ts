import { Inject, Injectable } from '@nestjs/common';
import { classifyIntent } from '@cairn/rules';
import { GENERATOR, type Generator } from '../generators/generator.port.js';
import { groundSteps } from '../grounding/grounding-check.js';
import { GroundingMetrics } from '../grounding/grounding-metrics.js';
import { assembleProtocol, DEFAULT_REGION } from '../protocols/protocol-assembler.js';
import type { Source } from '../sources/source.js';
import type { GeneratedUploadProtocol, ProtocolCandidate } from '@cairn/contracts';

export const UPLOAD_ORGANIZATION = 'User upload';
/** Sources per protocol: a part of a document is cut into passages of about this length. */
const SOURCE_CHARACTERS = 1200;
const MAX_SOURCES = 12;
const UPLOAD_INSTRUCTIONS =
  'Build a step-by-step clinical checklist only from the numbered sources, which are sections of a document the clinician uploaded. Each step cites the number of the source it came from. No source tags in the text.';

/** Cuts a part of a document into numbered sources, each citing the file and page it starts on. */
export function candidateSources(candidate: ProtocolCandidate): Source[] {
  const sources: Source[] = [];
  let current: { text: string; page: number; heading: string } | null = null;
  const flush = () => {
    if (!current || sources.length >= MAX_SOURCES) return;
    sources.push({
      id: sources.length + 1,
      text: current.text,
      title: candidate.title,
      organization: UPLOAD_ORGANIZATION,
      year: candidate.year,
      region: DEFAULT_REGION,
      url: '',
      section: `${candidate.sourceFile}, page ${current.page}${current.heading && current.heading !== candidate.title ? ` (${current.heading})` : ''}`,
      page: current.page,
    });
    current = null;
  };
  for (const section of candidate.sections) {
    for (const paragraph of section.text.split('\n').map((line) => line.trim()).filter(Boolean)) {
      if (current && current.text.length + paragraph.length > SOURCE_CHARACTERS) flush();
      current ??= { text: '', page: section.page, heading: section.heading };
      current.text = current.text ? `${current.text}\n${paragraph}` : paragraph;
    }
    flush();
  }
  flush();
  return sources;
}

/** One protocol from one part of an uploaded document: the same generator and grounding check as `/protocols/generate`. */
@Injectable()
export class UploadProtocolBuilder {
  constructor(
    @Inject(GENERATOR) private readonly generator: Generator,
    private readonly grounding: GroundingMetrics,
  ) {}

  /**
   * The words of the custom instructions that choose and order a document's parts: all of them for
   * a generator that cannot follow instructions, none for one that can (it reads them itself).
   */
  focusTerms(customPrompt: string): string {
    return this.generator.followsInstructions ? '' : customPrompt;
  }

  async build(candidate: ProtocolCandidate, customPrompt: string, sourceRef: string): Promise<GeneratedUploadProtocol | null> {
    const sources = candidateSources(candidate);
    if (sources.length === 0) return null;
    const intent = classifyIntent(`${candidate.title} ${customPrompt}`);
    const instructions = customPrompt ? `${UPLOAD_INSTRUCTIONS}\nThe clinician asks: ${customPrompt}` : UPLOAD_INSTRUCTIONS;
    const focus = this.focusTerms(customPrompt);
    const generated = await this.generator.generate({ title: focus ? `${candidate.title} ${focus}` : candidate.title, intent, sources, instructions });
    const { steps, report } = groundSteps(generated.steps, sources);
    this.grounding.record(this.generator.name, report);
    if (steps.length === 0) return null;
    const year = candidate.year ?? new Date().getFullYear();
    const protocol = assembleProtocol({ query: candidate.title, intent, sources, steps, generatedTitle: candidate.title, region: DEFAULT_REGION, year });
    if (protocol.checklist.length === 0) return null;
    return {
      title: protocol.title,
      intent,
      source_file: candidate.sourceFile,
      organization: UPLOAD_ORGANIZATION,
      region: protocol.region,
      year,
      protocol_data: { ...protocol, organization: UPLOAD_ORGANIZATION, source_file: candidate.sourceFile },
      source_ref: sourceRef,
    };
  }
}

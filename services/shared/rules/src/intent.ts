export const INTENTS = ['emergency', 'treatment', 'symptoms', 'diagnosis', 'prevention', 'general'] as const;
export type Intent = (typeof INTENTS)[number];

const KEYWORDS: [Exclude<Intent, 'general'>, RegExp][] = [
  ['emergency', /\b(emergenc|urgent|attack|crisis)/i],
  ['treatment', /\b(treatment|therap|medication)/i],
  ['symptoms', /\b(symptom|sign)/i],
  ['diagnosis', /\b(diagnos|test)/i],
  ['prevention', /\bprevent/i],
];

/** Intent from the message text (docs/product-spec.md §4): the first keyword group that matches, else general. */
export function classifyIntent(text: string): Intent {
  return KEYWORDS.find(([, pattern]) => pattern.test(text))?.[0] ?? 'general';
}

/** Protocol card labels (docs/product-spec.md §2). */
export const INTENT_LABELS: Record<Intent, string> = {
  emergency: 'EMERGENCY PROTOCOL',
  symptoms: 'SYMPTOMS GUIDE',
  treatment: 'TREATMENT PROTOCOL',
  diagnosis: 'DIAGNOSTIC GUIDE',
  prevention: 'PREVENTION GUIDE',
  general: 'MEDICAL PROTOCOL',
};

/** The line an assistant message starts with, e.g. 'Emergency Protocol - Immediate actions required:'. */
export const INTENT_PREFIXES: Record<Intent, string> = {
  emergency: 'Emergency Protocol - Immediate actions required:',
  symptoms: 'Symptoms Guide - Key symptoms to monitor:',
  treatment: 'Treatment Protocol - Recommended steps:',
  diagnosis: 'Diagnostic Guide - Assessment steps:',
  prevention: 'Prevention Guide - Preventive measures:',
  general: 'Medical Protocol - Clinical steps:',
};

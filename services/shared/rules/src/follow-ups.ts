import type { Intent } from './intent.js';

/** Follow-up question categories (docs/product-spec.md §3). */
export type FollowUpCategory = 'dosage' | 'symptoms' | 'complications' | 'timing' | 'safety' | 'general';

/** Keyword groups of follow-up questions (docs/product-spec.md §4). */
export const FOLLOW_UP_KEYWORDS = {
  dosage: /\b(dose|doses|dosage|dosing|mg|how much|how many|quantity|amount)\b/i,
  symptoms: /\b(symptoms?|signs?|presentation|present)\b/i,
  timing: /\b(when|how long|how soon|how often|duration|timing|frequency|until|hours?|days?)\b/i,
  complications: /\b(complications?|risks?|worsen\w*|deteriorat\w*|severe|shock|side effects?|adverse)\b/i,
  safety: /\b(safe|safety|contraindicat\w*|pregnan\w*|breastfeed\w*|allerg\w*|interactions?|caution|avoid)\b/i,
  procedure: /\b(how (do|to|should)|steps?|procedure|technique|perform|method)\b/i,
  comparison: /\b(compare|comparison|versus|vs\.?|differ\w*|better|instead of|alternative)\b/i,
  rationale: /\b(why|reason|rationale|because|explain|purpose)\b/i,
} as const;

export type FollowUpKeywordGroup = keyof typeof FOLLOW_UP_KEYWORDS;

/** The keyword groups a question touches, in the order above. */
export function followUpKeywordGroups(text: string): FollowUpKeywordGroup[] {
  return (Object.keys(FOLLOW_UP_KEYWORDS) as FollowUpKeywordGroup[]).filter((group) => FOLLOW_UP_KEYWORDS[group].test(text));
}

const TEMPLATES: Record<FollowUpCategory, (topic: string) => string> = {
  dosage: (topic) => `What are the recommended doses in ${topic}?`,
  symptoms: (topic) => `Which symptoms should be monitored in ${topic}?`,
  complications: (topic) => `Which complications of ${topic} need urgent action?`,
  timing: (topic) => `How quickly should ${topic} improve, and when should care be escalated?`,
  safety: (topic) => `Which contraindications or cautions apply in ${topic}?`,
  general: (topic) => `When should a patient with ${topic} be referred or seek help?`,
};

const ORDER_BY_INTENT: Record<Intent, FollowUpCategory[]> = {
  emergency: ['timing', 'complications', 'safety', 'dosage', 'general', 'symptoms'],
  treatment: ['dosage', 'safety', 'timing', 'complications', 'general', 'symptoms'],
  symptoms: ['symptoms', 'complications', 'timing', 'general', 'dosage', 'safety'],
  diagnosis: ['symptoms', 'timing', 'general', 'complications', 'dosage', 'safety'],
  prevention: ['safety', 'general', 'timing', 'symptoms', 'complications', 'dosage'],
  general: ['dosage', 'symptoms', 'complications', 'timing', 'general', 'safety'],
};

export const MAX_FOLLOW_UPS = 5;

/** Up to five suggested follow-up questions for a topic, by intent, skipping what was just asked. */
export function suggestFollowUps(topic: string, intent: Intent, asked: FollowUpCategory[] = []): { text: string; category: FollowUpCategory }[] {
  const subject = topic.trim().replace(/[?.!]+$/, '') || 'this condition';
  return ORDER_BY_INTENT[intent]
    .filter((category) => !asked.includes(category))
    .slice(0, MAX_FOLLOW_UPS)
    .map((category) => ({ text: TEMPLATES[category](subject), category }));
}

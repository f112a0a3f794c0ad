export const SAMPLE_QUERIES = [
  'dengue symptoms',
  'malaria treatment',
  'heart attack response',
  'asthma attack emergency',
  'COVID-19 home management',
  'stroke warning signs and FAST test',
  'diabetes management',
  'preventing mosquito-borne diseases',
  'childhood fever',
  'CPR for cardiac arrest',
] as const;

export const LANDING_SAMPLE_COUNT = 4;
export const CHAT_SAMPLE_COUNT = 3;

import { describe, expect, it } from '@jest/globals';
import { classifyIntent } from './intent.js';

describe('classifyIntent', () => {
  it.each([
    ['heart attack response', 'emergency'],
    ['asthma attack emergency', 'emergency'],
    ['urgent care for a hypertensive crisis', 'emergency'],
    ['malaria treatment', 'treatment'],
    ['antibiotic therapy for sepsis', 'treatment'],
    ['dengue symptoms', 'symptoms'],
    ['stroke warning signs and FAST test', 'symptoms'],
    ['diagnosis of tuberculosis', 'diagnosis'],
    ['rapid test for malaria', 'diagnosis'],
    ['preventing mosquito-borne diseases', 'prevention'],
    ['diabetes management', 'general'],
    ['CPR for cardiac arrest', 'general'],
  ])('%j is %s', (text, intent) => {
    expect(classifyIntent(text)).toBe(intent);
  });
});

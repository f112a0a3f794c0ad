import { describe, expect, it } from '@jest/globals';
import { opensWithVerb } from './instruction-verbs.js';

describe('opensWithVerb', () => {
  it('reads a sentence opening with a word English uses only as a verb as an instruction', () => {
    expect(opensWithVerb('Reassure families that most children recover within 1 to 3 months.')).toBe(true);
    expect(opensWithVerb('Allow at least 24 hours at each step.')).toBe(true);
    expect(opensWithVerb('Obtain blood cultures before the first dose of antibiotics.')).toBe(true);
  });

  it('reads a word that is also a noun as a verb only when what follows is what a verb takes', () => {
    expect(opensWithVerb('Report any new weakness at once.')).toBe(true);
    expect(opensWithVerb('Report any rash that is spreading.')).toBe(true);
    expect(opensWithVerb('Return to sport in stages only after a full return to school.')).toBe(true);
    expect(opensWithVerb('Add 40 mmol/L of potassium to each litre.')).toBe(true);
    expect(opensWithVerb('Face drooping on one side.')).toBe(false);
    expect(opensWithVerb('Step 2: light aerobic activity.')).toBe(false);
    expect(opensWithVerb('Step 10: light activity.')).toBe(false);
  });

  it('does not read statements or inflected verbs as instructions', () => {
    expect(opensWithVerb('Blood tests show a falling platelet count.')).toBe(false);
    expect(opensWithVerb('Children recover within weeks.')).toBe(false);
    expect(opensWithVerb('Treatment is supportive.')).toBe(false);
    expect(opensWithVerb('Reassured parents cope better.')).toBe(false);
    expect(opensWithVerb('Cough and fever are common.')).toBe(false);
    expect(opensWithVerb('Stroke affects 1 in 4 adults.')).toBe(false);
    expect(opensWithVerb('Sleep apnoea is common in obesity.')).toBe(false);
    expect(opensWithVerb('Relapse within 6 months is rare.')).toBe(false);
    expect(opensWithVerb('Type 2 diabetes is a lifelong condition.')).toBe(false);
    expect(opensWithVerb('Grade 3 burns need referral.')).toBe(false);
    expect(opensWithVerb('Pain at the site is common.')).toBe(false);
    expect(opensWithVerb('Contact with blood carries a risk of infection.')).toBe(false);
    expect(opensWithVerb('Need for intubation is a sign of severe disease.')).toBe(false);
  });
});

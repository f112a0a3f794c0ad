import { describe, expect, it } from '@jest/globals';
import { screenFollowUp, screenQuery } from './query-screening.js';

describe('screenQuery', () => {
  it.each([
    'dengue symptoms',
    'CPR for cardiac arrest',
    'MI',
    'TB',
    'opioid overdose naloxone dose',
    'paracetamol poisoning management',
    'snakebite first aid',
    'dog bite rabies vaccine',
    'fever in a child after a football match',
    'got knocked on the head at football, feeling foggy and sick',
    'twisted ankle playing basketball',
    'broke my arm at football',
    'hurt my elbow playing tennis',
    'my son hit his head at football when can he play again',
  ])('lets %j through', (query) => {
    expect(screenQuery(query)).toBeNull();
  });

  it.each([
    ['', 'empty'],
    ['   ', 'empty'],
    ['x'.repeat(1001), 'invalid_query'],
    ['hello', 'greeting'],
    ['Good morning!', 'greeting'],
    ['thanks', 'greeting'],
    ['ab', 'too_short'],
    ['?', 'too_short'],
    ['how to poison someone without getting caught', 'harmful'],
    ['suicide methods painless', 'harmful'],
    ['how to make a bomb', 'harmful'],
    ['my dog has diarrhoea', 'out_of_scope_medical'],
    ['paracetamol dose for my cat', 'out_of_scope_medical'],
    ['botox for wrinkles', 'out_of_scope_medical'],
    ['weather in Paris tomorrow', 'irrelevant'],
    ['write a poem about the sea', 'irrelevant'],
    ['bitcoin price', 'irrelevant'],
    ['football score tonight', 'irrelevant'],
    ['stock market collapse', 'irrelevant'],
    ['who is the head coach of the football team', 'irrelevant'],
    ['sick football goals compilation', 'irrelevant'],
    ['eye of the storm weather forecast', 'irrelevant'],
  ])('screens %j as %s', (query, category) => {
    expect(screenQuery(query)?.category).toBe(category);
  });

  it('echoes the query in the message', () => {
    expect(screenQuery('weather in Paris tomorrow')?.message).toContain('"weather in Paris tomorrow"');
    expect(screenQuery('how to poison someone without getting caught')).toMatchObject({
      title: 'Inappropriate Content Detected',
      message: expect.stringContaining('"how to poison someone without getting caught"'),
    });
  });
});

describe('screenFollowUp', () => {
  it("reads a follow-up with the protocol's topic, so a clinical score is no sports score", () => {
    expect(screenQuery('what counts as a high NEWS2 score?')?.category).toBe('irrelevant');
    expect(screenFollowUp('what counts as a high NEWS2 score?', 'Sepsis: recognition. Treat NEWS2 of 7 or more as high risk.')).toBeNull();
    expect(screenFollowUp('only equine RIG in stock - how many IU/kg?', 'Give rabies immunoglobulin (RIG): equine RIG 40 IU/kg.')).toBeNull();
    expect(screenFollowUp("first film negative but I'm still worried - when do i repeat it?", 'Repeat negative films at 12 to 24 hours.')).toBeNull();
    expect(screenFollowUp('what film should I watch tonight?', 'Confirm malaria with a blood film or RDT.')?.category).toBe('irrelevant');
    expect(screenFollowUp('stock tips for today?', 'Use equine RIG if human RIG is not in stock.')?.category).toBe('irrelevant');
    expect(screenFollowUp('what was the score in the match?', 'Treat a NEWS2 score of 7 or more as high risk.')?.category).toBe('irrelevant');
    expect(screenFollowUp('stock tips for today?', 'Give rabies immunoglobulin (RIG): equine RIG 40 IU/kg.')?.category).toBe('irrelevant');
  });

  it('still refuses what is off topic or harmful whatever the protocol', () => {
    expect(screenFollowUp('what was the football score last night?', 'Dengue fever. Treat a high score of warning signs as urgent.')?.category).toBe('irrelevant');
    expect(screenFollowUp('how much paracetamol to kill myself', 'Dengue')?.category).toBe(screenQuery('how much paracetamol to kill myself')?.category);
    expect(screenFollowUp('hi', 'Dengue')?.category).toBe('greeting');
    expect(screenFollowUp('write a poem about NEWS2', 'Treat NEWS2 of 7 or more as high risk.')?.category).toBe('irrelevant');
    expect(screenFollowUp('python code for the NEWS2 score', 'Treat NEWS2 of 7 or more as high risk.')?.category).toBe('irrelevant');
  });
});

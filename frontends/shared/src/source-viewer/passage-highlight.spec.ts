import { describe, expect, it } from '@jest/globals';
import { firstQuotedItems, passageItems } from './passage-highlight';

const page = [
  'Sepsis escalation',
  'Call the critical care team when the lactate stays above 4 mmol/L after fluids.',
  '',
  'Contacts',
  'The night outreach nurse answers bleep 4417.',
  'Record the urine output every hour.',
  '1',
];

describe('passageItems', () => {
  it('marks the lines of the page the passage quotes', () => {
    expect(passageItems(page, 'The night outreach nurse answers bleep 4417.')).toEqual([4]);
    expect(passageItems(page, 'Call the critical care team when the lactate stays above 4 mmol/L after fluids. Contacts The night outreach nurse answers bleep 4417.')).toEqual([1, 3, 4]);
  });

  it('reads a passage whatever its spacing, case and dashes, and one cut short with an ellipsis', () => {
    expect(passageItems(['Give 500 ml over 15 minutes — then reassess.'], 'give 500 ml  over 15 minutes - then REASSESS.')).toEqual([0]);
    expect(passageItems(['Record the urine output every hour.', 'Insert a catheter.'], 'Record the urine output every hour. Insert a cath…')).toEqual([0]);
  });

  it('never marks a short item alone, nor anything for an empty passage or another page', () => {
    expect(passageItems(page, '1 Contacts')).toEqual([]);
    expect(passageItems(page, '')).toEqual([]);
    expect(passageItems(page, 'Give broad-spectrum antibiotics within one hour.')).toEqual([]);
  });
});

describe('firstQuotedItems', () => {
  const excerpt = 'Call the critical care team when the lactate stays above 4 mmol/L after fluids. Contacts';

  it('marks the first passage the page quotes', () => {
    expect(firstQuotedItems(page, ['Record the urine output every hour.', excerpt])).toEqual([5]);
  });

  it('falls back to the next passage when the page does not quote the first, and marks nothing when it quotes none', () => {
    expect(firstQuotedItems(page, ['Keep the urine output above half a millilitre per kilo per hour.', excerpt])).toEqual([1, 3]);
    expect(firstQuotedItems(page, ['', 'Give broad-spectrum antibiotics within one hour.'])).toEqual([]);
    expect(firstQuotedItems(page, [])).toEqual([]);
  });
});

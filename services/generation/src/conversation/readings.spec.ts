import { describe, expect, it } from '@jest/globals';
import { askedReading, readingFit } from './readings.js';

describe('readings a question gives', () => {
  it('reads a measure and its value, not an amount, age or weight', () => {
    expect(askedReading('K 4.2 on admission - how much potassium per bag?')).toEqual({ measure: 'potassium', value: 4.2, written: '4.2' });
    expect(askedReading('sats are 89% on air, what next?')).toEqual({ measure: 'saturation', value: 89, written: '89' });
    expect(askedReading('GCS 12 after the fall - scan?')).toEqual({ measure: 'GCS', value: 12, written: '12' });
    expect(askedReading('how much potassium per bag?')).toBeNull();
    expect(askedReading('glucose 10 mg tablets?')).toBeNull();
    expect(askedReading('K 40 mmol in each bag?')).toBeNull();
    expect(askedReading('pulse 10 seconds?')).toBeNull();
  });

  it('fits a sentence that bounds the measure around the reading, and not one that bounds it elsewhere', () => {
    const reading = { measure: 'potassium', value: 4.2, written: '4.2' };
    expect(readingFit('Give no potassium if it is above 5.5 mmol/L, and add 40 mmol/L to each litre of fluid if potassium is 3.5 to 5.5 mmol/L.', reading)).toBe(1);
    expect(readingFit('Escalate if potassium is below 3.5 mmol/L on admission, GCS is below 12, or SpO2 is below 92% on air.', reading)).toBe(-1);
    expect(readingFit('Keep potassium between 4.0 and 5.5 mmol/L.', { measure: 'potassium', value: 6.1, written: '6.1' })).toBe(-1);
    expect(readingFit('Check potassium at 60 minutes and 2 hours.', reading)).toBe(0);
    expect(readingFit('Give potassium chloride 40 mmol in 1 litre over 4 hours if potassium is low.', { measure: 'potassium', value: 3.1, written: '3.1' })).toBe(0);
    expect(readingFit('Start potassium once glucose falls below 14 mmol/L.', reading)).toBe(0);
    expect(readingFit('Replace potassium at 10-20 mmol per hour.', reading)).toBe(0);
    const bp = askedReading('BP 195/105 after an ischaemic stroke - should i bring it down now?');
    expect(bp).toEqual({ measure: 'systolic', value: 195, written: '195' });
    expect(readingFit('Do not lower BP routinely in ischaemic stroke unless it exceeds 220/120 mmHg.', bp)).toBe(1);
    expect(readingFit('Lower BP below 185/110 mmHg before thrombolysis.', bp)).toBe(-1);
    expect(readingFit('Escalate if potassium is below 3.5 mmol/L.', null)).toBe(0);
  });
});

import { describe, expect, it } from '@jest/globals';
import { mentionsFeverishTemperature } from './temperature-reading.js';

describe('mentionsFeverishTemperature', () => {
  it.each(['toddler temperature of 39 degrees', 'temp 38.5 in a 6 month old', 'baby at 38°C', '101 °F since last night', 'temperature 37,8', '40 deg'])(
    'reads a fever in %j',
    (text) => expect(mentionsFeverishTemperature(text)).toBe(true),
  );

  it.each(['36.8 degrees', 'temp 35', 'paracetamol 15 mg/kg', 'CPR 100 to 120 per minute', '30 compressions', 'heat stroke above 40 people'])(
    'reads no fever in %j',
    (text) => expect(mentionsFeverishTemperature(text)).toBe(false),
  );
});

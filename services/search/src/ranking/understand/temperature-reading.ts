import { RANKING_PROFILE } from '../ranking-profile.js';

/** A body temperature at or above this many °C (or its °F equivalent) is a fever. */
const { feverFromCelsius: FEVER_FROM_CELSIUS, highestBodyCelsius: HIGHEST_CELSIUS } = RANKING_PROFILE.understand;
const celsius = (fahrenheit: number) => ((fahrenheit - 32) * 5) / 9;

/** A number followed by a unit of temperature (°, °C, °F, degrees, deg, C, F), or after "temp" or "temperature (of)". */
const READING = /(?:\btemp(?:erature)?\s*(?:of\s*)?(\d{2,3}(?:[.,]\d+)?))|(?:(\d{2,3}(?:[.,]\d+)?)\s*(?:°\s*([cf])?|degrees?\s*([cf])?\b|deg\b|([cf])\b))/gi;

/** Whether the text gives a body temperature of fever ("39 degrees", "temp 38.5", "101 °F"). */
export function mentionsFeverishTemperature(text: string): boolean {
  for (const match of text.matchAll(READING)) {
    const value = Number((match[1] ?? match[2]).replace(',', '.'));
    const unit = (match[3] ?? match[4] ?? match[5] ?? '').toLowerCase();
    const asCelsius = unit === 'f' || (unit === '' && value > HIGHEST_CELSIUS) ? celsius(value) : value;
    if (asCelsius >= FEVER_FROM_CELSIUS && asCelsius <= HIGHEST_CELSIUS) return true;
  }
  return false;
}

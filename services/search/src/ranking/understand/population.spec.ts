import { describe, expect, it } from '@jest/globals';
import { populationsIn, queryPopulation } from './population.js';

describe('queryPopulation', () => {
  it.each([
    ['astma attack in kids', 'child'],
    ['toddler temperature of 39 degrees', 'child'],
    ['temp 38.5 in a 6 month old', 'child'],
    ['my 2-year-old is hot and floppy', 'child'],
    ['fever in under 5s', 'child'],
    ['anaphylaxis in adults', 'adult'],
    ['chest pain in a 70 year old', 'adult'],
    ['heat stroke in the elderly', 'adult'],
    ['my little boy had a fit', 'child'],
    ['paeds asthma dose', 'child'],
    ['grandad collapsed and not breathing', 'adult'],
    ["mum collapsed and isn't breathing", 'adult'],
    ['my husband has crushing chest pain', 'adult'],
    ['mother of a newborn with a fever', null],
    ['can adult AED pads be used on a 5 year old', 'child'],
    ['asthma inhaler technique for teenagers', 'child'],
    ['paediatric dose for an 80 year old?', 'adult'],
    ['gran is confused with a fever', 'adult'],
    ['fever in a 3yo', 'child'],
    ['wheezy 4 y/o', 'child'],
    ['chest pain aged 62', 'adult'],
    ['fever aged 3', 'child'],
    ['rash aged 20 weeks', 'child'],
    ['jaundice aged 36 hours', 'child'],
    ['a 36 hour old with jaundice', 'child'],
    ['MMR for people aged 12 and over', null],
    ['vaccines under age 18', null],
    ['MUAC in those aged 6-59 months', null],
    ['dengue warning signs', null],
    ['CPR for adults and children', null],
  ])('%j asks about %s', (query, population) => {
    expect(queryPopulation(query)).toBe(population);
  });
});

describe('populationsIn', () => {
  it('reads the populations a protocol section names', () => {
    expect([...populationsIn('Children aged 2 years and over')]).toEqual(['child']);
    expect([...populationsIn('CPR for cardiac arrest: adult, child and infant basic life support with AED')].sort()).toEqual(['adult', 'child']);
    expect(populationsIn('Immediate treatment').size).toBe(0);
  });
});

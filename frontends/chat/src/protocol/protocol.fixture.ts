import type { ProtocolData } from './protocol';

/** A small dengue protocol for the specs: one cited step and its source. */
export const testProtocol = (overrides: Partial<ProtocolData> = {}): ProtocolData => ({
  title: 'Dengue: Warning Signs',
  region: 'Global',
  year: 2024,
  organization: 'WHO',
  intent: 'symptoms',
  lastUpdated: '2025-01-01',
  steps: [{ id: 'step_1', step: 'Check for fever.', explanation: 'Febrile phase.', citation: 1, citations: [1] }],
  citations: [{ id: 1, source: 'Dengue', organization: 'WHO', year: 2012, region: 'Global', url: 'https://who.int', excerpt: '' }],
  ...overrides,
});

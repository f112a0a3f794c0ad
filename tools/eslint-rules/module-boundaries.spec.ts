import { describe, expect, it } from '@jest/globals';
import { RuleTester } from 'eslint';
import tseslint from 'typescript-eslint';
import { resolve } from 'node:path';
import rule, { projectOf, violation } from './module-boundaries.js';

const root = resolve(import.meta.dirname, '../..');
const at = (path: string) => resolve(root, path);

describe('projectOf', () => {
  it('names the project of a file', () => {
    expect(projectOf(at('services/search/src/search.module.ts'))).toBe('service:search');
    expect(projectOf(at('services/shared/platform/src/index.ts'))).toBe('service-shared:platform');
    expect(projectOf(at('frontends/chat/src/x.tsx'))).toBe('frontend:chat');
    expect(projectOf(at('frontends/shared/src/x.ts'))).toBe('frontend-shared');
    expect(projectOf(at('bench/x.ts'))).toBeNull();
  });
});

describe('violation', () => {
  it('lets a service use shared packages and itself only', () => {
    expect(violation('service:search', 'service-shared:platform')).toBeNull();
    expect(violation('service:search', 'service:search')).toBeNull();
    expect(violation('service:search', 'service:accounts')).toMatch(/services\/shared/);
    expect(violation('service:search', 'frontend-shared')).not.toBeNull();
  });
  it('lets the standalone composition root import every service', () => {
    expect(violation('service:standalone', 'service:accounts')).toBeNull();
  });
  it('keeps shared service packages free of services', () => {
    expect(violation('service-shared:platform', 'service:accounts')).not.toBeNull();
  });
  it('lets frontend apps import frontends/shared only', () => {
    expect(violation('frontend:chat', 'frontend-shared')).toBeNull();
    expect(violation('frontend:chat', 'frontend:sidebar')).not.toBeNull();
    expect(violation('frontend:chat', 'service-shared:rules')).not.toBeNull();
    expect(violation('frontend-shared', 'service-shared:rules')).toBeNull();
    expect(violation('frontend-shared', 'service-shared:platform')).not.toBeNull();
  });
});

RuleTester.describe = describe;
RuleTester.it = it;
RuleTester.itOnly = it.only;

new RuleTester({ languageOptions: { parser: tseslint.parser as never } }).run('module-boundaries', rule as never, {
  valid: [
    { filename: at('services/search/src/a.ts'), code: "import { x } from '@cairn/platform';" },
    { filename: at('services/search/src/a.ts'), code: "import { y } from './b.js';" },
    { filename: at('services/standalone/src/a.ts'), code: "import { AccountsModule } from '@cairn/accounts';" },
    { filename: at('frontends/chat/src/a.tsx'), code: "import { api } from '@cairn/frontend-shared';" },
    { filename: at('frontends/chat/src/a.tsx'), code: "import React from 'react';" },
  ],
  invalid: [
    {
      filename: at('services/search/src/a.ts'),
      code: "import { AccountsModule } from '@cairn/accounts';",
      errors: [{ messageId: 'boundary' }],
    },
    {
      filename: at('services/search/src/deep/a.ts'),
      code: "export * from '../../../conversations/src/index.js';",
      errors: [{ messageId: 'boundary' }],
    },
    {
      filename: at('frontends/chat/src/a.tsx'),
      code: "const m = import('../../sidebar/src/sidebar.component.js');",
      errors: [{ messageId: 'boundary' }],
    },
    {
      filename: at('frontends/chat/src/a.tsx'),
      code: "import { SAMPLE_QUERIES } from '@cairn/rules';",
      errors: [{ messageId: 'boundary' }],
    },
  ],
});

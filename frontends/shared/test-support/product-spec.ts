/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The product specification beside the repository (`../shared/spec/product-spec.md`), or null where it is absent. */
export function productSpecText(): string | null {
  const path = process.env.CAIRN_PRODUCT_SPEC ?? resolve(fileURLToPath(new URL('../../../../shared/spec/product-spec.md', import.meta.url)));
  return existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** The texts that do not stand word for word in the specification. */
export const textsMissingFromSpec = (spec: string, texts: readonly string[]) => texts.filter((text) => !spec.includes(text));

/// <reference types="node" />
import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const beside = resolve(fileURLToPath(new URL('../../../../shared/spec/product-spec.md', import.meta.url)));
const inRepository = resolve(fileURLToPath(new URL('../../../docs/product-spec.md', import.meta.url)));

/** The product specification: CAIRN_PRODUCT_SPEC, the published one beside the repository, or its copy in docs/. */
export function productSpecText(): string | null {
  const path = process.env.CAIRN_PRODUCT_SPEC ?? [beside, inRepository].find((candidate) => existsSync(candidate));
  return path && existsSync(path) ? readFileSync(path, 'utf8') : null;
}

/** The texts that do not stand word for word in the specification. */
export const textsMissingFromSpec = (spec: string, texts: readonly string[]) => texts.filter((text) => !spec.includes(text));

/** The hospital library's design, whose "Screen texts" the library's screens use word for word. */
export const hospitalLibraryText = (): string => readFileSync(resolve(fileURLToPath(new URL('../../../docs/hospital-library.md', import.meta.url))), 'utf8');

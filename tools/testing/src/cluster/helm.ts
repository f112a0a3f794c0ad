import { parseAllDocuments } from 'yaml';
import { run } from './kube-tools.js';

export interface KubernetesObject {
  apiVersion: string;
  kind: string;
  metadata: { name: string; annotations?: Record<string, string>; labels?: Record<string, string> };
  spec?: Record<string, unknown>;
  [field: string]: unknown;
}

export interface HelmTemplateOptions {
  /** Values files (paths from the repository root), in order. */
  valuesFiles?: string[];
  /** `--set` values. */
  set?: Record<string, string>;
  /** The release name; `cairn` unless given. */
  release?: string;
}

/** `helm template` of a chart (a path from the repository root), parsed into its objects. */
export function helmTemplate(chart: string, { valuesFiles = [], set = {}, release = 'cairn' }: HelmTemplateOptions = {}): KubernetesObject[] {
  const stdout = run('helm', [
    'template',
    release,
    chart,
    ...valuesFiles.flatMap((file) => ['-f', file]),
    ...Object.entries(set).flatMap(([key, value]) => ['--set', `${key}=${value}`]),
  ]);
  return parseAllDocuments(stdout)
    .map((document) => document.toJS() as KubernetesObject | null)
    .filter((object): object is KubernetesObject => object !== null);
}

import { readFileSync, readdirSync, existsSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/** Where a file lives: `service:<name>`, `service-shared:<name>`, `frontend:<name>`, `frontend-shared`, or null. */
export function projectOf(file) {
  const parts = relative(root, file).split(sep);
  if (parts[0] === 'services' && parts[1] === 'shared' && parts[2]) return `service-shared:${parts[2]}`;
  if (parts[0] === 'services' && parts[1]) return `service:${parts[1]}`;
  if (parts[0] === 'frontends' && parts[1] === 'shared') return 'frontend-shared';
  if (parts[0] === 'frontends' && parts[1]) return `frontend:${parts[1]}`;
  return null;
}

function workspacePackages() {
  const packages = new Map();
  for (const base of ['services', 'services/shared', 'frontends']) {
    for (const name of readdirSync(join(root, base))) {
      const manifest = join(root, base, name, 'package.json');
      if (!existsSync(manifest)) continue;
      packages.set(JSON.parse(readFileSync(manifest, 'utf8')).name, join(root, base, name));
    }
  }
  return packages;
}

const BROWSER_SAFE_SHARED = new Set(['service-shared:rules']);

/** Returns why `from` may not import `to`, or null when the import is allowed. */
export function violation(from, to) {
  if (!from || !to || from === to) return null;
  const [fromKind, fromName] = from.split(':');
  if (fromKind === 'service') {
    if (fromName === 'standalone' && to.startsWith('service')) return null;
    return to.startsWith('service-shared:') ? null : `a service may import services/shared/* only, not ${to}`;
  }
  if (fromKind === 'service-shared') {
    return to.startsWith('service-shared:') ? null : `services/shared/${fromName} may import services/shared/* only, not ${to}`;
  }
  if (fromKind === 'frontend-shared') {
    return to === 'frontend-shared' || BROWSER_SAFE_SHARED.has(to)
      ? null
      : `frontends/shared may import services/shared/rules only, not ${to}`;
  }
  if (fromKind === 'frontend') {
    return to === 'frontend-shared' ? null : `a frontend app may import frontends/shared/* only, not ${to}`;
  }
  return null;
}

let packages;

export default {
  meta: {
    type: 'problem',
    docs: { description: 'Services import only services/shared; frontend apps import only frontends/shared.' },
    schema: [],
    messages: { boundary: 'Module boundary: {{reason}}.' },
  },
  create(context) {
    const file = context.filename;
    const from = projectOf(file);
    if (!from) return {};
    packages ??= workspacePackages();
    const check = (node, source) => {
      if (typeof source !== 'string') return;
      let target;
      if (source.startsWith('.')) {
        target = projectOf(resolve(dirname(file), source));
      } else {
        const name = source.startsWith('@') ? source.split('/').slice(0, 2).join('/') : source.split('/')[0];
        const dir = packages.get(name);
        target = dir ? projectOf(join(dir, 'package.json')) : null;
      }
      const reason = violation(from, target);
      if (reason) context.report({ node, messageId: 'boundary', data: { reason } });
    };
    return {
      ImportDeclaration: (node) => check(node.source, node.source.value),
      ExportNamedDeclaration: (node) => node.source && check(node.source, node.source.value),
      ExportAllDeclaration: (node) => check(node.source, node.source.value),
      ImportExpression: (node) => node.source.type === 'Literal' && check(node.source, node.source.value),
    };
  },
};

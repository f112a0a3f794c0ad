// Preloaded by scripts/test-node24.mjs (NODE_OPTIONS=--import) into every Node 24 process and worker
// thread the suites start: `better-sqlite3` resolves to the copy built for Node 24 in
// node_modules/.cache/cairn-node24, not to node_modules/better-sqlite3 (built for the Node of `npm ci`).
// Code that jest runs itself finds the copy through jest.node24.config.js instead.
import * as nodeModule from 'node:module';
import { pathToFileURL } from 'node:url';

const copy = process.env.CAIRN_NODE24_BETTER_SQLITE3;
if (copy && process.versions.node.split('.')[0] === '24' && typeof nodeModule.registerHooks === 'function') {
  const url = pathToFileURL(copy).href;
  nodeModule.registerHooks({
    resolve: (specifier, context, nextResolve) => nextResolve(specifier === 'better-sqlite3' ? url : specifier, context),
  });
}

// Jest under Node 24, as run by scripts/test-node24.mjs: the base config, with better-sqlite3 (the one
// addon of ours built against V8's ABI) loaded from its Node 24 build in node_modules/.cache.
// node_modules/better-sqlite3 stays built for the Node that ran `npm ci`.
import base from './jest.config.js';

const betterSqlite3 = process.env.CAIRN_NODE24_BETTER_SQLITE3;
if (!betterSqlite3) {
  throw new Error('jest.node24.config.js is used by scripts/test-node24.mjs, which builds better-sqlite3 for Node 24 first');
}

export default {
  ...base,
  moduleNameMapper: { '^better-sqlite3$': betterSqlite3, ...base.moduleNameMapper },
};

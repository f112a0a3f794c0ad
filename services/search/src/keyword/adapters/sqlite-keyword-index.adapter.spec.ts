import { describeKeywordIndexContract } from '../keyword-index.contract.js';
import { SqliteKeywordIndex } from './sqlite-keyword-index.adapter.js';

describeKeywordIndexContract('SqliteKeywordIndex (FTS5, Porter)', async () => new SqliteKeywordIndex(':memory:'));

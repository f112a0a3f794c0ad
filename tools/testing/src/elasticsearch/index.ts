export {
  startElasticsearchDouble,
  type ElasticsearchDouble,
  type ElasticsearchDoubleOptions,
  type RecordedElasticsearchRequest,
} from './elasticsearch-double.js';
export { startElasticsearchContainer, type ElasticsearchContainer } from './elasticsearch-container.js';

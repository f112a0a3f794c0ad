export { startQdrantDouble, type QdrantDouble, type QdrantDoubleOptions, type RecordedQdrantRequest } from './qdrant-double.js';
export { startQdrantContainer, type QdrantContainer } from './qdrant-container.js';

export { apiRoutes, startApiGateway, type ApiGateway, type ApiRoute } from './api-gateway.js';
export { CLUSTER_SERVICES, startCairnCluster, type CairnCluster, type CairnClusterOptions, type ClusterService } from './cairn-cluster.js';
export { helmBinary, helmTemplate, type KubernetesObject } from './helm.js';
export { elasticsearchDocumentsMentioning, mongoDocumentsMentioning, qdrantPointsMentioning } from './traces.js';

export { apiRoutes, startApiGateway, type ApiGateway, type ApiRoute } from './api-gateway.js';
export { CLUSTER_SERVICES, startCairnCluster, type CairnCluster, type CairnClusterOptions, type ClusterService } from './cairn-cluster.js';
export { helmTemplate, type KubernetesObject } from './helm.js';
export { kubeTools, repoRoot, run as runKubeTool } from './kube-tools.js';
export { elasticsearchDocumentsMentioning, mongoDocumentsMentioning, qdrantPointsMentioning } from './traces.js';
export { addCounts, noEvents, scrapeEventCounts, type EventCounts } from './event-counts.js';

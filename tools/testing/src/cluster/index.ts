export { apiPrefix, startApiGateway, type ApiGateway, type WebShell } from './api-gateway.js';
export { chooseRoute, httpRouteRules, ingressRules, prefixMatches, type IngressController, type IngressRulesOptions, type RouteRule } from './ingress-rules.js';
export { sendFile, startRemoteOrigin } from './static-files.js';
export { CLUSTER_SERVICES, REMOTE_APPS, startCairnCluster, type CairnCluster, type CairnClusterOptions, type ClusterService } from './cairn-cluster.js';
export { helmTemplate, type HelmTemplateOptions, type KubernetesObject } from './helm.js';
export { kubeTools, repoRoot, run as runKubeTool } from './kube-tools.js';
export { elasticsearchDocumentsMentioning, mongoDocumentsMentioning, qdrantPointsMentioning } from './traces.js';
export { addCounts, noEvents, scrapeEventCounts, type EventCounts } from './event-counts.js';

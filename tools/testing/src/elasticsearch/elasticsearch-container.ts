export interface ElasticsearchContainer {
  url: string;
  stop(): Promise<void>;
}

/** A throwaway single-node Elasticsearch in Docker (security off); testcontainers is imported only here. */
export async function startElasticsearchContainer(
  image = 'docker.elastic.co/elasticsearch/elasticsearch:9.4.0',
): Promise<ElasticsearchContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(image)
    .withEnvironment({
      'discovery.type': 'single-node',
      'xpack.security.enabled': 'false',
      'cluster.routing.allocation.disk.threshold_enabled': 'false',
      ES_JAVA_OPTS: '-Xms512m -Xmx512m',
    })
    .withExposedPorts(9200)
    .withWaitStrategy(Wait.forHttp('/_cluster/health?wait_for_status=yellow', 9200).forStatusCode(200))
    .withStartupTimeout(180_000)
    .start();
  return {
    url: `http://${container.getHost()}:${container.getMappedPort(9200)}`,
    stop: async () => {
      await container.stop();
    },
  };
}

export interface QdrantContainer {
  url: string;
  stop(): Promise<void>;
}

/** A throwaway Qdrant in Docker; testcontainers is imported only here. */
export async function startQdrantContainer(image = 'qdrant/qdrant:v1.18.0'): Promise<QdrantContainer> {
  const { GenericContainer, Wait } = await import('testcontainers');
  const container = await new GenericContainer(image)
    .withExposedPorts(6333)
    .withWaitStrategy(Wait.forHttp('/readyz', 6333).forStatusCode(200))
    .withStartupTimeout(120_000)
    .start();
  return {
    url: `http://${container.getHost()}:${container.getMappedPort(6333)}`,
    stop: async () => {
      await container.stop();
    },
  };
}

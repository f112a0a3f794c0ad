import { afterAll, beforeAll, describe } from '@jest/globals';

export interface RunningServer {
  url: string;
  stop(): Promise<void>;
}

export type ServerKind = 'real' | 'double' | 'container';

export interface ServerUnderTest<Double extends RunningServer> {
  kind: ServerKind;
  /** For describe names: "real MongoDB, MONGO_URL", "wire-level test double", "testcontainers MongoDB". */
  label: string;
  url(): string;
  /** The double itself (only when kind is 'double'), for tests that inspect what it received. */
  double(): Double;
}

export interface ServerTargets<Double extends RunningServer> {
  /** The product, e.g. "MongoDB". */
  server: string;
  /** The variable that points the suite at a real server. */
  urlVariable: string;
  startDouble(): Promise<Double>;
  startContainer(): Promise<RunningServer>;
  dockerReachable: boolean;
}

/**
 * Runs an adapter's suite against the real server when its URL variable is set, otherwise against the
 * wire-level test double; and against a testcontainers server when a Docker engine is reachable
 * (skipped, saying why, when not).
 */
export function describeOnServers<Double extends RunningServer>(
  subject: string,
  targets: ServerTargets<Double>,
  suite: (server: ServerUnderTest<Double>) => void,
): void {
  const realUrl = process.env[targets.urlVariable];
  const notDouble = (): Double => {
    throw new Error('no test double in this suite');
  };
  if (realUrl) {
    describe(`${subject} on the real ${targets.server} at ${targets.urlVariable}`, () => {
      suite({ kind: 'real', label: `real ${targets.server}, ${targets.urlVariable}`, url: () => realUrl, double: notDouble });
    });
  } else {
    describe(`${subject} on the wire-level test double`, () => {
      let double: Double;
      beforeAll(async () => {
        double = await targets.startDouble();
      });
      afterAll(() => double?.stop());
      suite({ kind: 'double', label: 'wire-level test double', url: () => double.url, double: () => double });
    });
  }
  const containerSuite = `${subject} on a testcontainers ${targets.server}`;
  (targets.dockerReachable ? describe : describe.skip)(
    targets.dockerReachable ? containerSuite : `${containerSuite} (skipped: no Docker engine reachable)`,
    () => {
      let container: RunningServer;
      beforeAll(async () => {
        container = await targets.startContainer();
      }, 240_000);
      afterAll(() => container?.stop(), 60_000);
      suite({ kind: 'container', label: `testcontainers ${targets.server}`, url: () => container.url, double: notDouble });
    },
  );
}

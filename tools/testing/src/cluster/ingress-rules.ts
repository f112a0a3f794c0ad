import type { KubernetesObject } from './helm.js';

/**
 * How a real Ingress controller or Gateway picks the backend of a request path from rendered chart
 * objects. Exact and Prefix follow the Kubernetes Ingress spec (Prefix matches whole path elements,
 * `/api/users` takes `/api/users/x` but not `/api/usersx`; Exact beats Prefix; the longest prefix wins).
 * `ImplementationSpecific` is read as a Prefix unless the Ingress carries its controller's regex switch.
 */
export type IngressController = 'ingress-nginx' | 'nginx-inc' | 'traefik' | 'haproxy-ingress';

export interface RouteRule {
  /** The backend Service without the `<release>-` of its name: `accounts`, `frontend-shell`. */
  service: string;
  match: 'Exact' | 'Prefix' | 'RegularExpression';
  path: string;
  test(path: string): boolean;
}

interface RegexDialect {
  annotation: string;
  values: string[];
  compile(path: string): RegExp;
}

/**
 * Each controller's regex switch and how it reads the path: ingress-nginx writes `location ~* "^<path>"`
 * (case-insensitive, anchored at the start only), F5 NGINX `location ~ "^<path>"`, Traefik's PathRegexp and
 * HAProxy Ingress's `path_reg` search the expression anywhere in the path.
 */
const REGEX_DIALECTS: Record<IngressController, RegexDialect> = {
  'ingress-nginx': { annotation: 'nginx.ingress.kubernetes.io/use-regex', values: ['true'], compile: (path) => new RegExp(`^${path}`, 'i') },
  'nginx-inc': {
    annotation: 'nginx.org/path-regex',
    values: ['case_sensitive', 'case_insensitive'],
    compile: (path) => new RegExp(`^${path}`),
  },
  traefik: { annotation: 'traefik.ingress.kubernetes.io/router.pathmatcher', values: ['PathRegexp'], compile: (path) => new RegExp(path) },
  'haproxy-ingress': { annotation: 'haproxy-ingress.github.io/path-type', values: ['regex'], compile: (path) => new RegExp(path) },
};

/** Whether `prefix` is an element-wise prefix of `path`; a trailing `/` of either is ignored. */
export function prefixMatches(prefix: string, path: string): boolean {
  const elements = (text: string) => text.split('/').filter(Boolean);
  const wanted = elements(prefix);
  const given = elements(path);
  return wanted.length <= given.length && wanted.every((element, index) => element === given[index]);
}

function rule(service: string, match: RouteRule['match'], path: string, regex?: RegExp): RouteRule {
  const test = match === 'Exact' ? (candidate: string) => candidate === path : match === 'Prefix' ? (candidate: string) => prefixMatches(path, candidate) : (candidate: string) => regex!.test(candidate);
  return { service, match, path, test };
}

const serviceOf = (name: string, release: string) => name.replace(new RegExp(`^${release}-`), '');

interface IngressPath {
  path?: string;
  pathType: string;
  backend: { service: { name: string } };
}

export interface IngressRulesOptions {
  controller: IngressController;
  /** The controller's IngressClass; it ignores Ingresses of any other class, and those without one. */
  className: string;
  release?: string;
}

/** The paths of the Ingress objects of `className`, as the controller reads them. */
export function ingressRules(objects: KubernetesObject[], { controller, className, release = 'cairn' }: IngressRulesOptions): RouteRule[] {
  const dialect = REGEX_DIALECTS[controller];
  return objects
    .filter((object) => object.kind === 'Ingress' && (object.spec as { ingressClassName?: string }).ingressClassName === className)
    .flatMap((ingress) => {
      const regex = dialect.values.includes(ingress.metadata.annotations?.[dialect.annotation] ?? '');
      const rules = ((ingress.spec as { rules?: { http?: { paths: IngressPath[] } }[] }).rules ?? []).flatMap((entry) => entry.http?.paths ?? []);
      return rules.map(({ path = '/', pathType, backend }) => {
        const service = serviceOf(backend.service.name, release);
        if (pathType === 'Exact') return rule(service, 'Exact', path);
        if (pathType === 'ImplementationSpecific' && regex) return rule(service, 'RegularExpression', path, dialect.compile(path));
        return rule(service, 'Prefix', path);
      });
    });
}

interface HttpRouteMatch {
  path?: { type?: string; value?: string };
}

/**
 * The HTTPRoutes' path matches: PathPrefix by path element, Exact, and RegularExpression matching the
 * whole path (RE2 full match, as Envoy Gateway does).
 */
export function httpRouteRules(objects: KubernetesObject[], release = 'cairn'): RouteRule[] {
  return objects
    .filter((object) => object.kind === 'HTTPRoute')
    .flatMap((route) =>
      ((route.spec as { rules?: { matches?: HttpRouteMatch[]; backendRefs: { name: string }[] }[] }).rules ?? []).flatMap((entry) => {
        const service = serviceOf(entry.backendRefs[0].name, release);
        return (entry.matches?.length ? entry.matches : [{}]).map(({ path }) => {
          const type = path?.type ?? 'PathPrefix';
          const value = path?.value ?? '/';
          if (type === 'Exact') return rule(service, 'Exact', value);
          if (type === 'RegularExpression') return rule(service, 'RegularExpression', value, new RegExp(`^(?:${value})$`));
          return rule(service, 'Prefix', value);
        });
      }),
    );
}

/**
 * The rule a request path takes: an Exact match, else a regular expression (the longest first), else the
 * longest prefix. Where regexes and prefixes meet, the Ingress spec and Gateway API leave the order to the
 * implementation: ingress-nginx sorts every location of a regex host longest first, nginx tries regex
 * locations before the longest prefix, Traefik prefers the longer rule, Envoy Gateway puts
 * RegularExpression before PathPrefix, and HAProxy Ingress does so with `path-type-order:
 * exact,regex,prefix,begin`. The chart keeps its patterns clear of every prefix but `/`, where all agree.
 */
export function chooseRoute(rules: RouteRule[], path: string): RouteRule | undefined {
  const matching = rules.filter((candidate) => candidate.test(path));
  const byLength = (a: RouteRule, b: RouteRule) => b.path.replace(/\/+$/, '').length - a.path.replace(/\/+$/, '').length;
  return (
    matching.find((candidate) => candidate.match === 'Exact') ??
    matching.filter((candidate) => candidate.match === 'RegularExpression').sort(byLength)[0] ??
    matching.filter((candidate) => candidate.match === 'Prefix').sort(byLength)[0]
  );
}

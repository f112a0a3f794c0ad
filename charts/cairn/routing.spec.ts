/**
 * Every call of the product spec, and every route the services' Nest controllers serve, reaches the
 * service that owns it through what the chart renders, on each Ingress controller `ingress.controller`
 * knows and through the Gateway API HTTPRoute, read the way
 * that controller reads it (tools/testing/src/cluster/ingress-rules.ts: Prefix by path element,
 * Exact before Prefix, ImplementationSpecific as a prefix unless the controller's regex switch is set).
 * Run: NODE_OPTIONS=--experimental-vm-modules npx jest charts/cairn/routing
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { helmTemplate, type KubernetesObject } from '../../tools/testing/src/cluster/helm.js';
import { chooseRoute, httpRouteRules, ingressRules, type IngressController, type RouteRule } from '../../tools/testing/src/cluster/ingress-rules.js';
import { kubeTools, repoRoot } from '../../tools/testing/src/cluster/kube-tools.js';
import { controllerRoutes, routesOfSource } from './test-support/routes.js';
import { copiedSpecRoutes, specRoutes, withOwners } from './test-support/spec-routes.js';

const CHART = 'charts/cairn';
const REQUIRED_VALUES = 'charts/cairn/ci/required-values.yaml';
const SERVICES = ['search', 'generation', 'conversations', 'saved-protocols', 'uploads', 'accounts'];
const COPIED_CALLS = join(repoRoot, CHART, 'test-support/spec-calls.txt');
const SPEC = process.env.CAIRN_PRODUCT_SPEC ?? [resolve(repoRoot, '../shared/spec/product-spec.md'), resolve(repoRoot, 'docs/product-spec.md')].find((path) => existsSync(path))!;

/** The IngressClass each controller installs by default. */
const CONTROLLERS: [IngressController, string][] = [
  ['ingress-nginx', 'nginx'],
  ['nginx-inc', 'nginx'],
  ['traefik', 'traefik'],
  ['haproxy-ingress', 'haproxy'],
];

const calls = withOwners(repoRoot, copiedSpecRoutes(COPIED_CALLS), SERVICES);

/** The backend each spec call reaches through `rules`, next to its owner. */
const reached = (rules: RouteRule[]) =>
  calls.map(({ method, written, owners, path }) => ({ call: `${method} ${written}`, owner: owners[0], reaches: chooseRoute(rules, `/api${path}`)?.service }));
const owned = () => calls.map(({ method, written, owners }) => ({ call: `${method} ${written}`, owner: owners[0], reaches: owners[0] }));

describe('routing of the spec calls (product spec, section 7)', () => {
  let defaults: KubernetesObject[];

  beforeAll(() => {
    kubeTools();
    defaults = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES] });
  }, 120_000);

  (existsSync(SPEC) ? it : it.skip)('keeps the copy of the spec calls beside the chart equal to the spec', () => {
    expect(copiedSpecRoutes(COPIED_CALLS)).toEqual(specRoutes(SPEC));
  });

  it('knows the one service that serves each call', () => {
    expect(calls.length).toBeGreaterThan(20);
    expect(calls.filter((call) => call.owners.length !== 1).map(({ method, written, owners }) => ({ call: `${method} ${written}`, owners }))).toEqual([]);
  });

  it('routes every call to its owner with the default values (ingress-nginx, class nginx)', () => {
    expect(reached(ingressRules(defaults, { controller: 'ingress-nginx', className: 'nginx' }))).toEqual(owned());
  });

  it.each(CONTROLLERS)('routes every call to its owner with ingress.controller=%s (class %s)', (controller, className) => {
    const objects = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set: { 'ingress.controller': controller, 'ingress.className': className } });
    expect(reached(ingressRules(objects, { controller, className }))).toEqual(owned());
  });

  it('routes every call to its owner through the HTTPRoute', () => {
    const objects = helmTemplate(CHART, {
      valuesFiles: [REQUIRED_VALUES],
      set: { 'ingress.enabled': 'false', 'httpRoute.enabled': 'true', 'httpRoute.parentRefs[0].name': 'gateway' },
    });
    expect(reached(httpRouteRules(objects))).toEqual(owned());
  });

  it('misroutes account deletion and the uploads API when the regex switch is missing, or the class is another', () => {
    const withoutSwitch = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set: { 'ingress.controller': 'other', 'ingress.patterns.annotations.example\\.org/regex': 'on' } });
    const misrouted = reached(ingressRules(withoutSwitch, { controller: 'ingress-nginx', className: 'nginx' })).filter((call) => call.reaches !== call.owner);
    expect(misrouted.map((call) => call.call)).toEqual(expect.arrayContaining(['DELETE /users/{userId}', 'POST /users/{userId}/upload-documents']));
    const otherClass = reached(ingressRules(defaults, { controller: 'traefik', className: 'traefik' }));
    expect(otherClass.every((call) => call.reaches === undefined)).toBe(true);
  });

  it('matches Prefix paths by path element and gives the rest to the shell', () => {
    const rules = ingressRules(defaults, { controller: 'ingress-nginx', className: 'nginx' });
    const reach = (path: string) => chooseRoute(rules, path)?.service;
    expect(reach('/api/protocols/saved/u-1')).toBe('saved-protocols');
    expect(reach('/api/protocols/searchable')).toBe('frontend-shell');
    expect(reach('/api/users')).toBe('frontend-shell');
    expect(reach('/api/conversationsx')).toBe('frontend-shell');
    expect(reach('/remotes/chat/mf-manifest.json')).toBe('frontend-chat');
    expect(reach('/dashboard')).toBe('frontend-shell');
  });
});

describe('routing of every route the services serve (their Nest controllers)', () => {
  const served = controllerRoutes(repoRoot, SERVICES, { samples: false });
  const sample = (path: string) => path.replace(/:(\w+)/g, (_param, name: string) => `${name}-1`);
  const routeOf = ({ method, path }: { method: string; path: string }) => `${method} ${path}`;

  /** The backend each served route reaches through `rules`, next to its owner. */
  const reachedServed = (rules: RouteRule[]) => served.map((route) => ({ route: routeOf(route), owner: route.service, reaches: chooseRoute(rules, `/api${sample(route.path)}`)?.service }));
  const ownedServed = () => served.map((route) => ({ route: routeOf(route), owner: route.service, reaches: route.service }));

  let defaults: KubernetesObject[];

  beforeAll(() => {
    kubeTools();
    defaults = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES] });
  }, 120_000);

  it("reads the services' routes, uploads' source page and protocol list among them", () => {
    expect(served.length).toBeGreaterThan(40);
    expect(served).toEqual(
      expect.arrayContaining([
        { service: 'uploads', method: 'GET', path: '/users/:userId/protocols/:protocolId/source' },
        { service: 'uploads', method: 'GET', path: '/users/:userId/protocols' },
        { service: 'saved-protocols', method: 'GET', path: '/protocols/saved/:userId' },
        { service: 'conversations', method: 'GET', path: '/conversations/:userId' },
        { service: 'generation', method: 'POST', path: '/protocols/generate/stream' },
        { service: 'accounts', method: 'DELETE', path: '/users/:userId' },
      ]),
    );
  });

  it('has one service serve each route', () => {
    const shape = (route: { method: string; path: string }) => routeOf(route).replace(/:\w+/g, ':');
    const owners = new Map<string, Set<string>>();
    for (const route of served) owners.set(shape(route), (owners.get(shape(route)) ?? new Set()).add(route.service));
    expect([...owners].filter(([, services]) => services.size > 1).map(([route, services]) => ({ route, services: [...services] }))).toEqual([]);
  });

  it('reads every form of route decorator, and refuses a path it cannot read', () => {
    const source = `
      @Controller("library")
      export class A {
        @Get() list() {}
        @Get(['a', "b/:id"]) two() {}
        @Sse('events') events() {}
      }
      @Controller({ path: 'other/:userId', version: '1' })
      export class B {
        @Delete(':itemId') remove() {}
      }`;
    expect(routesOfSource(source, 'a.controller.ts')).toEqual([
      { method: 'GET', path: '/library' },
      { method: 'GET', path: '/library/a' },
      { method: 'GET', path: '/library/b/:id' },
      { method: 'GET', path: '/library/events' },
      { method: 'DELETE', path: '/other/:userId/:itemId' },
    ]);
    expect(() => routesOfSource("@Controller('x') class C { @Get(SOURCE_PATH) source() {} }", 'c.ts')).toThrow(/c\.ts:1: cannot read the route path SOURCE_PATH/);
  });

  it('routes every served route to its owner with the default values (ingress-nginx, class nginx)', () => {
    expect(reachedServed(ingressRules(defaults, { controller: 'ingress-nginx', className: 'nginx' }))).toEqual(ownedServed());
  });

  it.each(CONTROLLERS)('routes every served route to its owner with ingress.controller=%s (class %s)', (controller, className) => {
    const objects = helmTemplate(CHART, { valuesFiles: [REQUIRED_VALUES], set: { 'ingress.controller': controller, 'ingress.className': className } });
    expect(reachedServed(ingressRules(objects, { controller, className }))).toEqual(ownedServed());
  });

  it('routes every served route to its owner through the HTTPRoute', () => {
    const objects = helmTemplate(CHART, {
      valuesFiles: [REQUIRED_VALUES],
      set: { 'ingress.enabled': 'false', 'httpRoute.enabled': 'true', 'httpRoute.parentRefs[0].name': 'gateway' },
    });
    expect(reachedServed(httpRouteRules(objects))).toEqual(ownedServed());
  });

  it("sees a served route the rules miss: uploads' routes without its pattern", () => {
    const rules = ingressRules(defaults, { controller: 'ingress-nginx', className: 'nginx' }).filter((rule) => rule.service !== 'uploads');
    const missed = reachedServed(rules).filter((route) => route.reaches !== route.owner);
    expect(missed).toContainEqual({ route: 'GET /users/:userId/protocols/:protocolId/source', owner: 'uploads', reaches: 'frontend-shell' });
    expect(missed.every((route) => route.owner === 'uploads')).toBe(true);
  });
});

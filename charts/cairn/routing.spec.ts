/**
 * Every call of the product spec reaches the service that owns it through what the chart renders, on
 * each Ingress controller `ingress.controller` knows and through the Gateway API HTTPRoute, read the way
 * that controller reads it (services/shared/testing/src/cluster/ingress-rules.ts: Prefix by path element,
 * Exact before Prefix, ImplementationSpecific as a prefix unless the controller's regex switch is set).
 * Run: NODE_OPTIONS=--experimental-vm-modules npx jest charts/cairn/routing
 */
import { beforeAll, describe, expect, it } from '@jest/globals';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { helmTemplate, type KubernetesObject } from '../../services/shared/testing/src/cluster/helm.js';
import { chooseRoute, httpRouteRules, ingressRules, type IngressController, type RouteRule } from '../../services/shared/testing/src/cluster/ingress-rules.js';
import { kubeTools, repoRoot } from '../../services/shared/testing/src/cluster/kube-tools.js';
import { copiedSpecRoutes, specRoutes, withOwners } from './test-support/spec-routes.js';

const CHART = 'charts/cairn';
const REQUIRED_VALUES = 'charts/cairn/ci/required-values.yaml';
const SERVICES = ['search', 'generation', 'conversations', 'saved-protocols', 'uploads', 'accounts'];
const COPIED_CALLS = join(repoRoot, CHART, 'test-support/spec-calls.txt');
const SPEC = process.env.CAIRN_PRODUCT_SPEC ?? resolve(repoRoot, '../shared/spec/product-spec.md');

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

import { RequestMethod } from '@nestjs/common';
import { GUARDS_METADATA, METHOD_METADATA, PATH_METADATA } from '@nestjs/common/constants';
import { ModulesContainer } from '@nestjs/core';
import { IS_PUBLIC } from '../../src/common/auth/decorators';
import { IS_DEVICE_ROUTE } from '../../src/common/identity/device-principal';
import { SessionGuard } from '../../src/web/session.guard';
import { PAGE_ACCESS, PageAccess } from '../../src/web/page-access';
import { onBothDatabases, TestApp } from '../harness/app';

interface RouteInfo {
  method: string;
  path: string;
  isPublic: boolean;
  isDeviceRoute: boolean;
  sessionGuarded: boolean;
  /** A page's access (`@Page`): 'anyone' opens it to a browser that is not signed in. */
  pageAccess: PageAccess | undefined;
}

/** Public routes that need neither a token nor a browser session. */
const OPEN_ROUTES = [
  'GET /',
  'GET /health',
  'GET /metrics',
  'GET /assets/app.css',
  'GET /assets/console.js',
  // The console's icon: browsers ask for it before anyone signs in.
  'GET /assets/favicon.svg',
  'GET /favicon.ico',
];

const join = (...parts: string[]) =>
  `/${parts
    .map((p) => p.replace(/^\/|\/$/g, ''))
    .filter(Boolean)
    .join('/')}`;
const asArray = (value: unknown): string[] =>
  Array.isArray(value) ? value.map(String) : [typeof value === 'string' ? value : ''];

/** Every route of every controller, read from Nest's own metadata. */
function registeredRoutes(t: TestApp): RouteInfo[] {
  const routes: RouteInfo[] = [];
  for (const module of t.app.get(ModulesContainer).values()) {
    for (const wrapper of module.controllers.values()) {
      const controller = wrapper.metatype as (new (...args: never[]) => unknown) | null;
      if (!controller) {
        continue;
      }
      const prototype = controller.prototype as Record<string, unknown>;
      for (const name of Object.getOwnPropertyNames(prototype)) {
        const handler = prototype[name];
        if (name === 'constructor' || typeof handler !== 'function') {
          continue;
        }
        const methodPaths = Reflect.getMetadata(PATH_METADATA, handler) as unknown;
        if (methodPaths === undefined) {
          continue;
        }
        const method = RequestMethod[Reflect.getMetadata(METHOD_METADATA, handler) as number];
        const guards = [
          ...((Reflect.getMetadata(GUARDS_METADATA, handler) as unknown[]) ?? []),
          ...((Reflect.getMetadata(GUARDS_METADATA, controller) as unknown[]) ?? []),
        ];
        const isPublic = Boolean(
          Reflect.getMetadata(IS_PUBLIC, handler) ?? Reflect.getMetadata(IS_PUBLIC, controller),
        );
        const isDeviceRoute = Boolean(
          Reflect.getMetadata(IS_DEVICE_ROUTE, handler) ??
          Reflect.getMetadata(IS_DEVICE_ROUTE, controller),
        );
        for (const base of asArray(Reflect.getMetadata(PATH_METADATA, controller))) {
          for (const path of asArray(methodPaths)) {
            routes.push({
              method,
              path: join(base, path),
              isPublic,
              isDeviceRoute,
              sessionGuarded: guards.includes(SessionGuard),
              pageAccess: Reflect.getMetadata(PAGE_ACCESS, handler) as PageAccess | undefined,
            });
          }
        }
      }
    }
  }
  return routes;
}

const concrete = (path: string) => path.replace(/:[A-Za-z_]+/g, '1');

onBothDatabases('every route is public on purpose or guarded', (t) => {
  it('finds the routes of every feature', () => {
    const keys = registeredRoutes(t()).map((r) => `${r.method} ${r.path}`);
    expect(keys).toEqual(
      expect.arrayContaining([
        'POST /v1/admin/organisations',
        'GET /v1/location_networks/list_networks',
        'POST /v1/access_points/provisioning',
        'GET /v1/network_ssids',
        'POST /upgrades',
        'GET /health',
      ]),
    );
  });

  it('opens no route without a token or a session except the listed operational ones', () => {
    const open = registeredRoutes(t())
      .filter((r) => r.isPublic && !r.sessionGuarded)
      .map((r) => `${r.method} ${r.path}`);
    expect(open.sort()).toEqual([...OPEN_ROUTES].sort());
  });

  it('guards every /v1 route with the bearer token', () => {
    const v1 = registeredRoutes(t()).filter((r) => r.path.startsWith('/v1/'));
    expect(v1.length).toBeGreaterThan(30);
    expect(v1.filter((r) => r.isPublic)).toEqual([]);
  });

  it('answers 401 1036 with the Basic challenge to an unauthenticated call of every device route', async () => {
    const device = registeredRoutes(t()).filter((r) => r.isDeviceRoute);
    expect(device.map((r) => `${r.method} ${r.path}`).sort()).toEqual([
      'GET /device/v1/config',
      'POST /device/v1/checkin',
    ]);
    for (const route of device) {
      const res = await t()
        .http()
        [route.method.toLowerCase() as 'get'](route.path)
        .send({})
        .expect(401);
      expect(res.body.error_code).toBe(1036);
      expect(res.headers['www-authenticate']).toBe('Basic realm="airfleet-device"');
    }
  });

  it('answers 401 1028 to an unauthenticated call of every bearer-guarded route', async () => {
    const guarded = registeredRoutes(t()).filter((r) => !r.isPublic && !r.isDeviceRoute);
    const failures: string[] = [];
    for (const route of guarded) {
      const res = await t()
        .http()
        [route.method.toLowerCase() as 'get'](concrete(route.path))
        .set('Accept', 'application/json')
        .send({});
      if (
        res.status !== 401 ||
        res.body.error_code !== 1028 ||
        res.headers['www-authenticate'] !== 'Bearer'
      ) {
        failures.push(
          `${route.method} ${route.path} answered ${res.status} ${JSON.stringify(res.body)}`,
        );
      }
    }
    expect(failures).toEqual([]);
  });

  it('opens to a browser without a session only the sign-in form and an invitation’s page', () => {
    const anyone = registeredRoutes(t())
      .filter((r) => r.sessionGuarded && r.pageAccess === 'anyone')
      .map((r) => `${r.method} ${r.path}`);
    expect(anyone.sort()).toEqual(
      [
        'GET /login',
        'POST /login',
        'POST /logout',
        'GET /invitations/accept',
        'POST /invitations/accept',
      ].sort(),
    );
  });

  it('sends a browser without a session to the sign-in page from every signed-in page', async () => {
    const pages = registeredRoutes(t()).filter(
      (r) => r.sessionGuarded && r.method === 'GET' && r.pageAccess !== 'anyone',
    );
    expect(pages.length).toBeGreaterThan(0);
    for (const page of pages) {
      const res = await t().http().get(concrete(page.path)).set('Accept', 'text/html');
      expect([`${page.path} ${res.status}`, res.headers.location]).toEqual([
        `${page.path} 303`,
        expect.stringMatching(/^\/login(\?next=|$)/),
      ]);
    }
  });
});

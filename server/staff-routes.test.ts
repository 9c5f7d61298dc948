import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mayActAs, roleForStaffPath, STAFF_AREAS, type StaffRole } from '../core/staff.ts';
import { createTestApp, csrf } from './test/app.ts';
import { memberWithSession } from './test/members.ts';

/**
 * Every staff route (/api/admin/…) asks who is calling before it reads the body or the path's
 * parameters: a visitor gets 401 and a member 403 even for a body or an id that is wrong, so neither
 * learns what the route takes (docs/security.md#staff-routes).
 */
let testApp: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  testApp = await createTestApp();
  await testApp.app.ready();
});
afterAll(() => testApp.close());

function staffRoutes() {
  return testApp.app.routeTable
    .filter((route) => route.url.startsWith('/api/admin/') && route.method !== 'HEAD')
    .map((route) => ({
      method: route.method as 'GET' | 'POST' | 'PUT' | 'DELETE',
      url: route.url.replace(/:[^/]+/g, 'not-an-id'),
    }));
}

async function callAs(cookies: Record<string, string>, route: ReturnType<typeof staffRoutes>[0]) {
  const { headers, cookies: withToken } = csrf(cookies);
  return testApp.app.inject({
    ...route,
    headers: { ...headers, 'content-type': 'application/json' },
    cookies: { ...withToken, ...cookies },
    ...(route.method === 'GET' ? {} : { payload: '{"not":"the body", "at": 1' }),
  });
}

describe('staff routes', () => {
  it('are there to check: the storefront, shared data and newsletter consoles', () => {
    const urls = staffRoutes().map((route) => route.url);
    for (const area of ['/api/admin/storefront/', '/api/admin/shares/', '/api/admin/newsletter'])
      expect(
        urls.some((url) => url.startsWith(area)),
        area,
      ).toBe(true);
  });

  it('answer a visitor 401 and a member 403 before looking at a wrong body or id', async () => {
    const member = await memberWithSession(testApp.app);
    for (const [who, cookies, status, error] of [
      ['visitor', {}, 401, 'NOT_SIGNED_IN'],
      ['member', member.cookies, 403, 'FORBIDDEN'],
    ] as const) {
      for (const route of staffRoutes()) {
        const { headers, cookies: withToken } = csrf(cookies);
        const response = await testApp.app.inject({
          ...route,
          headers: { ...headers, 'content-type': 'application/json' },
          cookies: { ...withToken, ...cookies },
          ...(route.method === 'GET' ? {} : { payload: '{"not":"the body", "at": 1' }),
        });
        expect({ who, route, status: response.statusCode, error: response.json().error }).toEqual({
          who,
          route,
          status,
          error,
        });
      }
    }
  });

  it('each belong to an area that names the role it needs (core/staff.ts), so a new area cannot slip through as anyone’s', () => {
    for (const route of staffRoutes())
      expect(
        STAFF_AREAS.some((area) => route.url.startsWith(area.prefix)),
        `${route.method} ${route.url}`,
      ).toBe(true);
  });

  it('let each staff role into its own areas only, and an admin into all, before the body is read', async () => {
    const staff = Object.fromEntries(
      await Promise.all(
        (['editor', 'support', 'admin'] as const).map(
          async (role) => [role, (await memberWithSession(testApp.app, { role })).cookies] as const,
        ),
      ),
    ) as Record<StaffRole, Record<string, string>>;
    for (const route of staffRoutes()) {
      const needed = roleForStaffPath(route.url);
      for (const role of ['editor', 'support', 'admin'] as const) {
        const response = await callAs(staff[role], route);
        const allowed = mayActAs(role, needed);
        expect(allowed).toBe(role === 'admin' || role === needed || needed === 'staff');
        // Allowed: past the role check, the route answers for itself (a bad body, an unknown id).
        expect({ role, route, refused: response.statusCode === 403 }).toEqual({
          role,
          route,
          refused: !allowed,
        });
      }
    }
  });
});

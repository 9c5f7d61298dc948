import type { FastifyInstance } from 'fastify';
import type { Db } from './db/client.ts';
import { cardsStaffRoutes } from './modules/cards/index.ts';
import { guidesStaffRoutes } from './modules/guides/index.ts';
import { sponsorshipsStaffRoutes } from './modules/sponsorships/index.ts';
import { shopStaffRoutes } from './modules/shop/index.ts';
import { staffConsoleRoutes } from './modules/staff/index.ts';
import { campaignsStaffRoutes, staffRoutes } from './modules/storefront/index.ts';
import type { Services } from './services.ts';

/**
 * Every route of the staff console's API (docs/staff.md), registered in the API's scope, whose
 * hook checks the role before anything else (server/staff-routes.test.ts walks them all): the
 * content editors keep (cards, transfer bonuses, sale campaigns), storefront orders in review, shop orders and stock, and
 * the console's own (dashboard, members, settings, audit log), and support's acts on a member's
 * sponsorship and payments.
 */
export async function registerStaffApi(
  api: FastifyInstance,
  services: Services,
  options: {
    db: Db;
    /** This process's answers since it started (server/plugins/metrics.ts). */
    answered: () => { total: number; failed: number };
    rateLimitScale: number;
  },
): Promise<void> {
  const staff = { ...services, ...options };
  await api.register(cardsStaffRoutes, staff);
  await api.register(guidesStaffRoutes, staff);
  await api.register(campaignsStaffRoutes, staff);
  await api.register(staffRoutes, { orders: services.storefront.orders, ...staff });
  await api.register(staffConsoleRoutes, staff);
  await api.register(sponsorshipsStaffRoutes, staff);
  await api.register(shopStaffRoutes, staff);
}

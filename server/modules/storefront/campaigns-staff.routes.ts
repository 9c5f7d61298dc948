import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { ProgrammeSaleDetailSchema } from '../../../core/storefront/api-schemas.ts';
import {
  CampaignConfirmSchema,
  CampaignPreviewSchema,
  CampaignTermsSchema,
  NewCampaignSchema,
  StaffCampaignsSchema,
} from '../../../core/storefront/campaign-edits.ts';
import { StorefrontCampaignSchema } from '../../../core/storefront/catalogue-schema.ts';
import {
  BasePriceEditSchema,
  StaffStorefrontProgrammesSchema,
} from '../../../core/storefront/programme-edits.ts';
import type { Db } from '../../db/client.ts';
import type { Sessions } from '../auth/index.ts';
import { readAuditLog } from '../staff/index.ts';
import type { CampaignRecords } from './campaign-records.ts';
import type { StorefrontProgrammeRecords } from './programme-records.ts';
import type { StorefrontCatalogue } from './catalogue.ts';

const Params = z.object({ id: z.string().max(120) });

/**
 * Editors' sale campaigns in the staff console (docs/staff.md#content): the list with the
 * programmes on sale and the latest changes, a new campaign, new terms, a preview of the sale
 * page, and the confirmation with the announcement's address; and the programmes on sale with
 * their base prices, and a new base price. The role is checked by the staff scope's hook before
 * the body is read.
 */
export const campaignsStaffRoutes: FastifyPluginAsyncZod<{
  campaignRecords: CampaignRecords;
  programmeRecords: StorefrontProgrammeRecords;
  storefront: { catalogue: StorefrontCatalogue };
  db: Db;
  sessions: Sessions;
}> = async (
  app,
  { campaignRecords: records, programmeRecords, storefront: { catalogue }, db, sessions },
) => {
  const OneCampaign = withErrors({ 200: okSchema({ campaign: StorefrontCampaignSchema }) });
  app.get(
    '/admin/campaigns',
    { schema: { response: withErrors({ 200: okSchema(StaffCampaignsSchema.shape) }) } },
    async (request) => {
      await sessions.requireStaff(request);
      await records.refresh();
      return {
        ok: true as const,
        campaigns: records.list(),
        programmes: catalogue.data.programmes.map((programme) => ({
          id: programme.id,
          name: catalogue.name(programme.id),
          timeZone: programme.timeZone,
        })),
        changes: await readAuditLog(db, { subject: 'storefront-campaign:' }),
      };
    },
  );

  app.post(
    '/admin/campaigns',
    { schema: { body: NewCampaignSchema, response: OneCampaign } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      return { ok: true as const, campaign: await records.create(staff, request.body) };
    },
  );

  app.post(
    '/admin/campaigns/preview',
    {
      schema: {
        body: CampaignPreviewSchema,
        response: withErrors({
          200: okSchema({ now: z.string(), programme: ProgrammeSaleDetailSchema }),
        }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      const { at, programme } = await records.preview(request.body);
      return { ok: true as const, now: at.toISOString(), programme };
    },
  );

  app.put(
    '/admin/campaigns/:id',
    { schema: { params: Params, body: CampaignTermsSchema, response: OneCampaign } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const campaign = await records.editTerms(staff, request.params.id, request.body);
      return { ok: true as const, campaign };
    },
  );

  app.post(
    '/admin/campaigns/:id/confirm',
    { schema: { params: Params, body: CampaignConfirmSchema, response: OneCampaign } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const campaign = await records.confirm(staff, request.params.id, request.body);
      return { ok: true as const, campaign };
    },
  );

  const programmesAnswer = async () => ({
    ok: true as const,
    programmes: programmeRecords.list().map((programme) => ({
      programme,
      name: catalogue.name(programme.id),
    })),
    changes: await readAuditLog(db, { subject: 'storefront-programme:' }),
  });
  const Programmes = withErrors({ 200: okSchema(StaffStorefrontProgrammesSchema.shape) });
  app.get('/admin/storefront-programmes', { schema: { response: Programmes } }, async (request) => {
    await sessions.requireStaff(request);
    await programmeRecords.refresh();
    return programmesAnswer();
  });

  app.post(
    '/admin/storefront-programmes/:id/prices',
    { schema: { params: Params, body: BasePriceEditSchema, response: Programmes } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await programmeRecords.addBasePrice(staff, request.params.id, request.body);
      return programmesAnswer();
    },
  );
};

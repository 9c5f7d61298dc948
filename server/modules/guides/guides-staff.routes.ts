import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  NewTransferBonusSchema,
  StaffTransferBonusesSchema,
  TransferBonusConfirmSchema,
  TransferBonusTermsSchema,
} from '../../../core/guides/transfer-bonus-edits.ts';
import { TransferBonusSchema } from '../../../core/guides/transfer-schemas.ts';
import { AwardChartSchema } from '../../../core/guides/api-schemas.ts';
import {
  StaffCurrenciesSchema,
  TransferEndSchema,
  TransferRatioEditSchema,
} from '../../../core/cards/transfer-edits.ts';
import { ChartPriceEditSchema, StaffChartsSchema } from '../../../core/guides/chart-edits.ts';
import {
  GuideRulesEditSchema,
  StaffGuideItemSchema,
  StaffGuideSchema,
} from '../../../core/guides/guide-edits.ts';
import type { Db } from '../../db/client.ts';
import type { Sessions } from '../auth/index.ts';
import { readAuditLog } from '../staff/index.ts';
import type { TransferBonusRecords } from './bonus-records.ts';
import type { ChartRecords } from './chart-records.ts';
import type { GuideRecords } from './guide-records.ts';
import type { CurrencyRecords } from './currency-records.ts';
import { AppError } from '../../errors.ts';

const Params = z.object({ id: z.string().max(120) });

/**
 * Editors' transfer bonuses and award charts in the staff console (docs/staff.md#content): the
 * bonuses with the pairs a bonus may name and the latest changes, a new bonus, new terms, and the
 * confirmation with the announcement's address; the charts as stored, and a price corrected. The role is checked by the staff scope's hook before the body is read.
 */
export const guidesStaffRoutes: FastifyPluginAsyncZod<{
  bonusRecords: TransferBonusRecords;
  chartRecords: ChartRecords;
  guideRecords: GuideRecords;
  currencyRecords: CurrencyRecords;
  db: Db;
  sessions: Sessions;
}> = async (
  app,
  {
    bonusRecords: records,
    chartRecords: charts,
    guideRecords: guides,
    currencyRecords: currencies,
    db,
    sessions,
  },
) => {
  const OneBonus = withErrors({ 200: okSchema({ bonus: TransferBonusSchema }) });
  app.get(
    '/admin/transfer-bonuses',
    { schema: { response: withErrors({ 200: okSchema(StaffTransferBonusesSchema.shape) }) } },
    async (request) => {
      await sessions.requireStaff(request);
      await records.refresh();
      return {
        ok: true as const,
        bonuses: records.list(),
        partners: records.pairs(),
        changes: await readAuditLog(db, { subject: 'transfer-bonus:' }),
      };
    },
  );

  app.post(
    '/admin/transfer-bonuses',
    { schema: { body: NewTransferBonusSchema, response: OneBonus } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      return { ok: true as const, bonus: await records.create(staff, request.body) };
    },
  );

  app.put(
    '/admin/transfer-bonuses/:id',
    { schema: { params: Params, body: TransferBonusTermsSchema, response: OneBonus } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const bonus = await records.editTerms(staff, request.params.id, request.body);
      return { ok: true as const, bonus };
    },
  );

  app.post(
    '/admin/transfer-bonuses/:id/confirm',
    { schema: { params: Params, body: TransferBonusConfirmSchema, response: OneBonus } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const bonus = await records.confirm(staff, request.params.id, request.body);
      return { ok: true as const, bonus };
    },
  );

  app.get(
    '/admin/award-charts',
    { schema: { response: withErrors({ 200: okSchema(StaffChartsSchema.shape) }) } },
    async (request) => {
      await sessions.requireStaff(request);
      await charts.refresh();
      return {
        ok: true as const,
        charts: charts.list(),
        changes: await readAuditLog(db, { subject: 'award-chart:' }),
      };
    },
  );

  app.put(
    '/admin/award-charts/:id/price',
    {
      schema: {
        params: Params,
        body: ChartPriceEditSchema,
        response: withErrors({ 200: okSchema({ chart: AwardChartSchema }) }),
      },
    },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const chart = await charts.correctPrice(staff, request.params.id, request.body);
      return { ok: true as const, chart };
    },
  );

  const oneGuide = async (id: string) => {
    const guide = guides.get(id);
    if (!guide) throw new AppError('NOT_FOUND', { message: 'No such programme guide.' });
    return {
      ok: true as const,
      guide,
      onStorefront: guides.onStorefront(id),
      changes: await readAuditLog(db, { subject: `guide:${id}` }),
    };
  };
  const OneGuide = withErrors({ 200: okSchema(StaffGuideSchema.shape) });

  app.get(
    '/admin/programmes',
    {
      schema: {
        response: withErrors({ 200: okSchema({ guides: z.array(StaffGuideItemSchema) }) }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      await guides.refresh();
      return { ok: true as const, guides: guides.list() };
    },
  );

  app.get(
    '/admin/programmes/:id',
    { schema: { params: Params, response: OneGuide } },
    async (request) => {
      await sessions.requireStaff(request);
      await guides.refresh();
      return oneGuide(request.params.id);
    },
  );

  app.put(
    '/admin/programmes/:id/rules',
    { schema: { params: Params, body: GuideRulesEditSchema, response: OneGuide } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await guides.editRules(staff, request.params.id, request.body);
      return oneGuide(request.params.id);
    },
  );

  const currenciesAnswer = async () => ({
    ok: true as const,
    currencies: currencies.list(),
    programmes: currencies.programmeIds(),
    changes: await readAuditLog(db, { subject: 'points-currency:' }),
  });
  const Currencies = withErrors({ 200: okSchema(StaffCurrenciesSchema.shape) });
  app.get('/admin/points-currencies', { schema: { response: Currencies } }, async (request) => {
    await sessions.requireStaff(request);
    await currencies.refresh();
    return currenciesAnswer();
  });
  app.post(
    '/admin/points-currencies/:id/transfers',
    { schema: { params: Params, body: TransferRatioEditSchema, response: Currencies } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await currencies.newRatio(staff, request.params.id, request.body);
      return currenciesAnswer();
    },
  );
  app.post(
    '/admin/points-currencies/:id/transfers/end',
    { schema: { params: Params, body: TransferEndSchema, response: Currencies } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await currencies.endPartner(staff, request.params.id, request.body);
      return currenciesAnswer();
    },
  );
};

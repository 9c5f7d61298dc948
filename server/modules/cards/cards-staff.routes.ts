import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import {
  CardFactsEditSchema,
  StaffCardItemSchema,
  StaffCardSchema,
  WelcomeBonusEditSchema,
} from '../../../core/cards/card-edits.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../errors.ts';
import type { Sessions } from '../auth/index.ts';
import { readAuditLog } from '../staff/index.ts';
import type { CardRecords } from './card-records.ts';

const Params = z.object({ id: z.string().max(100) });

/**
 * Editors' cards in the staff console (docs/staff.md#content): the list, one card as stored with
 * its changes, and the two edits (welcome offer; fees and earn rates), each with its source and
 * check day. The role is checked by the staff scope's hook before the body is read.
 */
export const cardsStaffRoutes: FastifyPluginAsyncZod<{
  cardRecords: CardRecords;
  db: Db;
  sessions: Sessions;
}> = async (app, { cardRecords: records, db, sessions }) => {
  const OneCard = withErrors({ 200: okSchema(StaffCardSchema.shape) });
  const view = async (id: string) => {
    const card = records.get(id);
    if (!card) throw new AppError('NOT_FOUND', { message: 'No such card.' });
    return { ok: true as const, card, changes: await readAuditLog(db, { subject: `card:${id}` }) };
  };

  app.get(
    '/admin/cards',
    {
      schema: { response: withErrors({ 200: okSchema({ cards: z.array(StaffCardItemSchema) }) }) },
    },
    async (request) => {
      await sessions.requireStaff(request);
      await records.refresh();
      return { ok: true as const, cards: records.list() };
    },
  );

  app.get(
    '/admin/cards/:id',
    { schema: { params: Params, response: OneCard } },
    async (request) => {
      await sessions.requireStaff(request);
      await records.refresh();
      return view(request.params.id);
    },
  );

  app.put(
    '/admin/cards/:id/welcome-bonus',
    { schema: { params: Params, body: WelcomeBonusEditSchema, response: OneCard } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await records.editWelcomeBonus(staff, request.params.id, request.body);
      return view(request.params.id);
    },
  );

  app.put(
    '/admin/cards/:id/facts',
    { schema: { params: Params, body: CardFactsEditSchema, response: OneCard } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await records.editFacts(staff, request.params.id, request.body);
      return view(request.params.id);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import { normalizePassword } from '../../../core/auth.ts';
import {
  AuditEntrySchema,
  AuditQuerySchema,
  LiveSettingsSchema,
  PasswordConfirmSchema,
  RoleChangeSchema,
  MemberDisableSchema,
  ScrapingAccessSchema,
  StaffConsoleSchema,
  StaffMemberDetailSchema,
  StaffMemberViewSchema,
  type StaffRole,
} from '../../../core/staff.ts';
import type { Db } from '../../db/client.ts';
import { verifyPassword, type Accounts, type Sessions } from '../auth/index.ts';
import { rateLimited } from '../../plugins/rate-limits.ts';
import { AppError } from '../../errors.ts';
import { readAuditLog } from './audit-log.ts';
import { dashboard } from './dashboard.ts';
import type { LiveSettingsStore } from './live-settings.ts';
import { MemberAccess } from './member-access.ts';
import { MemberDetail } from './member-detail.ts';

/**
 * The staff console's settings and audit log (docs/staff.md), admins only (core/staff.ts): the
 * role is checked before the body is read, by the hook of the staff scope.
 */
export const staffConsoleRoutes: FastifyPluginAsyncZod<{
  liveSettings: LiveSettingsStore;
  accounts: Pick<Accounts, 'resendActivation'>;
  db: Db;
  sessions: Sessions;
  /** This process's answers since it started (server/plugins/metrics.ts). */
  answered: () => { total: number; failed: number };
  rateLimitScale: number;
}> = async (app, { liveSettings: settings, accounts, db, sessions, answered, rateLimitScale }) => {
  const access = new MemberAccess(db);
  const detail = new MemberDetail(db);

  // The console's frame and dashboard, for any staff role (docs/staff.md#console).
  app.get(
    '/admin/console',
    { schema: { response: withErrors({ 200: okSchema(StaffConsoleSchema.shape) }) } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      return {
        ok: true as const,
        role: staff.role as StaffRole,
        ...(await dashboard(db, new Date())),
        requests: answered(),
      };
    },
  );

  const Settings = okSchema({ settings: LiveSettingsSchema });
  app.get(
    '/admin/settings',
    { schema: { response: withErrors({ 200: Settings }) } },
    async (request) => {
      await sessions.requireStaff(request);
      return { ok: true as const, settings: await settings.current() };
    },
  );

  app.put(
    '/admin/settings',
    {
      schema: {
        body: LiveSettingsSchema.partial().strict(),
        response: withErrors({ 200: Settings }),
      },
    },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const changed = await settings.change({ id: staff.id, email: staff.email }, request.body);
      return { ok: true as const, settings: changed };
    },
  );

  app.get(
    '/admin/audit',
    {
      schema: {
        querystring: AuditQuerySchema,
        response: withErrors({ 200: okSchema({ entries: z.array(AuditEntrySchema) }) }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      return { ok: true as const, entries: await readAuditLog(db, request.query) };
    },
  );

  // Members, for support (docs/staff.md#members): find them, and open the closed beta to them.
  app.get(
    '/admin/members',
    {
      schema: {
        querystring: z.object({
          email: z.string().max(254).optional(),
          waiting: z
            .enum(['true', 'false'])
            .optional()
            .transform((value) => value === 'true'),
        }),
        response: withErrors({ 200: okSchema({ members: z.array(StaffMemberViewSchema) }) }),
      },
    },
    async (request) => {
      await sessions.requireStaff(request);
      return { ok: true as const, members: await access.find(request.query) };
    },
  );

  app.post(
    '/admin/members/scraping',
    {
      schema: {
        body: ScrapingAccessSchema,
        response: withErrors({
          200: okSchema({ changed: z.array(StaffMemberViewSchema), unknown: z.array(z.string()) }),
        }),
      },
    },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const result = await access.setScraping(
        { id: staff.id, email: staff.email },
        request.body.emails,
        request.body.enabled,
      );
      return { ok: true as const, ...result };
    },
  );

  // Sudo mode (docs/security.md#staff-roles): the password again covers role changes and refunds for ten minutes.
  app.post(
    '/admin/console/confirm',
    {
      schema: { body: PasswordConfirmSchema, response: withErrors({ 200: okSchema({}) }) },
      preHandler: rateLimited(app, 'staffConfirm', rateLimitScale),
    },
    async (request) => {
      // The password as sign-in reads it (spaces dropped, core/auth.ts).
      const password = normalizePassword(request.body.password);
      await sessions.confirmPassword(request, password, verifyPassword);
      return { ok: true as const };
    },
  );

  app.post(
    '/admin/members/role',
    {
      schema: {
        body: RoleChangeSchema,
        response: withErrors({ 200: okSchema({ member: StaffMemberViewSchema }) }),
      },
    },
    async (request) => {
      const staff = await sessions.requireConfirmedStaff(request);
      const member = await access.setRole(staff, request.body.email, request.body.role);
      return { ok: true as const, member };
    },
  );

  // One member, for support (docs/staff.md#members): what they have, and the acts on the account.
  const Id = z.object({ id: z.uuid() });
  const Detail = withErrors({ 200: okSchema(StaffMemberDetailSchema.shape) });
  const answer = async (id: string) => ({
    ok: true as const,
    ...(await detail.view(id, new Date())),
  });
  app.get('/admin/members/:id', { schema: { params: Id, response: Detail } }, async (request) => {
    await sessions.requireStaff(request);
    return answer(request.params.id);
  });

  app.post(
    '/admin/members/:id/sessions/end',
    { schema: { params: Id, response: Detail } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      await detail.endSessions(staff, request.params.id);
      return answer(request.params.id);
    },
  );

  app.post(
    '/admin/members/:id/disable',
    { schema: { params: Id, body: MemberDisableSchema, response: Detail } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const { disabled, reason } = request.body;
      await detail.setDisabled(staff, request.params.id, disabled, reason);
      return answer(request.params.id);
    },
  );

  app.post(
    '/admin/members/:id/activation',
    { schema: { params: Id, response: Detail } },
    async (request) => {
      const staff = await sessions.requireStaff(request);
      const { email, activated } = await detail.email(request.params.id);
      if (!email || activated)
        throw new AppError('INVALID_INPUT', {
          message: 'This account is already active, or has no address to write to.',
          fields: { member: 'already-active' },
        });
      await accounts.resendActivation({ email });
      await detail.noteActivationResent(staff, request.params.id);
      return answer(request.params.id);
    },
  );
};

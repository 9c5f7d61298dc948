import { and, eq, gt, isNull, ne } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { SESSION_COOKIE } from '../../../core/api.ts';
import type { Db } from '../../db/client.ts';
import { members, sessions } from '../../db/schema/index.ts';
import { mayActAs, roleForStaffPath } from '../../../core/staff.ts';
import { AppError } from '../../errors.ts';
import { randomToken, sha256 } from './tokens.ts';

export type MemberRow = typeof members.$inferSelect;

/** The "refresh and confirm login" error of docs/product/README.md#roles. */
const notSignedIn = () =>
  new AppError('NOT_SIGNED_IN', {
    message: 'Please refresh the page and make sure you are logged in.',
  });

/** How often a session's last-seen time is written, at most. */
const TOUCH_EVERY_MS = 10 * 60 * 1000;
/** How long a password typed again covers a role change or a refund. */
export const CONFIRMED_FOR_MS = 10 * 60 * 1000;

/**
 * Sessions are rows behind an HttpOnly cookie (`SF_SID`). The cookie carries a random token;
 * the table keeps only its SHA-256, so a leaked table signs nobody in.
 */
export class Sessions {
  constructor(
    private readonly options: {
      db: Db;
      ttlDays: number;
      /** A staff member's session ends sooner (STAFF_SESSION_HOURS). */
      staffTtlHours: number;
      secureCookies: boolean;
    },
  ) {}

  private cookieOptions(maxAgeSeconds: number) {
    return {
      path: '/',
      httpOnly: true,
      sameSite: 'lax' as const,
      secure: this.options.secureCookies,
      maxAge: maxAgeSeconds,
    };
  }

  /**
   * Starts a new session (a fresh token every sign-in: no session fixation), ending the one this
   * browser already had: signing in as someone else, or again, leaves no second session behind.
   */
  async start(
    request: FastifyRequest,
    reply: FastifyReply,
    memberId: string,
    userAgent: string,
  ): Promise<void> {
    const previous = request.cookies[SESSION_COOKIE];
    if (previous && previous.length <= 100)
      await this.options.db.delete(sessions).where(eq(sessions.tokenHash, sha256(previous)));
    const token = randomToken();
    const [who] = await this.options.db
      .select({ role: members.role })
      .from(members)
      .where(eq(members.id, memberId));
    const ttlMs =
      who && who.role !== 'member'
        ? this.options.staffTtlHours * 3600 * 1000
        : this.options.ttlDays * 24 * 3600 * 1000;
    await this.options.db.insert(sessions).values({
      tokenHash: sha256(token),
      memberId,
      expiresAt: new Date(Date.now() + ttlMs),
      userAgent: userAgent.slice(0, 300),
    });
    reply.setCookie(SESSION_COOKIE, token, this.cookieOptions(ttlMs / 1000));
    // A CSRF token bound to the session that was (or to none) is no good for this one.
    reply.rotateCsrfToken(token);
  }

  /** The signed-in member, or the "refresh and confirm login" error of docs/product/README.md#roles (award search and tracking need a member). */
  async requireMember(request: FastifyRequest): Promise<MemberRow> {
    const session = await this.current(request);
    if (!session) throw notSignedIn();
    return session.member;
  }

  /**
   * The signed-in member of this request when their staff role may act on the request's staff
   * area (core/staff.ts#STAFF_AREAS); 403 for anyone else signed in.
   */
  async requireStaff(request: FastifyRequest): Promise<MemberRow> {
    const known = this.staffOfRequest.get(request);
    if (known) return known;
    const session = await this.current(request);
    if (!session) throw notSignedIn();
    const { member } = session;
    const needed = roleForStaffPath(request.routeOptions.url ?? request.url);
    if (!mayActAs(member.role, needed))
      throw new AppError('FORBIDDEN', { message: 'This page is for staff.' });
    // A staff session ends sooner than a member's, even one begun before the role was given.
    if (Date.now() - session.createdAt.getTime() > this.options.staffTtlHours * 3600 * 1000)
      throw notSignedIn();
    this.staffOfRequest.set(request, member);
    this.confirmedOfRequest.set(request, session.confirmedAt);
    return member;
  }

  /**
   * Staff who typed their password again in this session within the last ten minutes; anyone else
   * is asked to (PASSWORD_REQUIRED), before a role change or a refund.
   */
  async requireConfirmedStaff(request: FastifyRequest): Promise<MemberRow> {
    const staff = await this.requireStaff(request);
    const confirmed = this.confirmedOfRequest.get(request);
    if (!confirmed || Date.now() - confirmed.getTime() > CONFIRMED_FOR_MS)
      throw new AppError('PASSWORD_REQUIRED', {
        message: 'Please type your password again to do this.',
      });
    return staff;
  }

  /** Staff's password typed again: it covers role changes and refunds in this session for ten minutes. */
  async confirmPassword(
    request: FastifyRequest,
    password: string,
    verify: (passwordHash: string, password: string) => Promise<boolean>,
  ): Promise<void> {
    const staff = await this.requireStaff(request);
    if (!staff.passwordHash || !(await verify(staff.passwordHash, password)))
      throw new AppError('WRONG_PASSWORD', { message: 'That password is not right.' });
    const token = request.cookies[SESSION_COOKIE]!;
    await this.options.db
      .update(sessions)
      .set({ confirmedAt: new Date() })
      .where(eq(sessions.tokenHash, sha256(token)));
  }

  private readonly confirmedOfRequest = new WeakMap<FastifyRequest, Date | null>();

  /** Staff already checked for a request (by the hook below), so the route's own check costs nothing. */
  private readonly staffOfRequest = new WeakMap<FastifyRequest, MemberRow>();

  /**
   * An onRequest hook for a scope of routes: every route under `prefix` (the staff routes, /api/admin/)
   * asks who is calling before anything else: before the body is read or checked, a visitor gets
   * 401, a member 403, and staff of another role 403, and learns nothing of what the route takes
   * (docs/security.md).
   */
  staffFirst(prefix: string) {
    return async (request: FastifyRequest) => {
      if (request.routeOptions.url?.startsWith(prefix)) await this.requireStaff(request);
    };
  }

  /** The signed-in member of this request, or null. */
  async current(request: FastifyRequest): Promise<{
    member: MemberRow;
    tokenHash: string;
    createdAt: Date;
    confirmedAt: Date | null;
  } | null> {
    const token = request.cookies[SESSION_COOKIE];
    if (!token || token.length > 100) return null;
    const tokenHash = sha256(token);
    const [row] = await this.options.db
      .select({
        member: members,
        lastSeenAt: sessions.lastSeenAt,
        createdAt: sessions.createdAt,
        confirmedAt: sessions.confirmedAt,
      })
      .from(sessions)
      .innerJoin(members, eq(members.id, sessions.memberId))
      .where(
        and(
          eq(sessions.tokenHash, tokenHash),
          gt(sessions.expiresAt, new Date()),
          // A disabled member's sessions count for nothing.
          isNull(members.disabledAt),
        ),
      );
    if (!row) return null;
    if (Date.now() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
      await this.options.db
        .update(sessions)
        .set({ lastSeenAt: new Date() })
        .where(eq(sessions.tokenHash, tokenHash));
    }
    return {
      member: row.member,
      tokenHash,
      createdAt: row.createdAt,
      confirmedAt: row.confirmedAt,
    };
  }

  /** Ends this browser's session. */
  async end(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    const token = request.cookies[SESSION_COOKIE];
    if (token) await this.options.db.delete(sessions).where(eq(sessions.tokenHash, sha256(token)));
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    reply.rotateCsrfToken(null);
  }

  /** Ends every session of a member, but one if named (after a password reset: all of them). */
  async endAll(db: Db, memberId: string, exceptTokenHash?: string): Promise<void> {
    await db
      .delete(sessions)
      .where(
        exceptTokenHash
          ? and(eq(sessions.memberId, memberId), ne(sessions.tokenHash, exceptTokenHash))
          : eq(sessions.memberId, memberId),
      );
  }
}

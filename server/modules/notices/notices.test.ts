import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { NoticeEvent, NoticeView } from '../../../core/notices.ts';
import type { Database, Db } from '../../db/client.ts';
import { members } from '../../db/schema/index.ts';
import { createTestDatabase } from '../../test/database.ts';
import { onPostgres } from '../../test/on-postgres.ts';
import { EmbeddedChannel } from './database-channel.ts';
import { InProcessChannel, type NoticeChannel } from './notice-channel.ts';
import { PostgresChannel } from './postgres-channel.ts';
import { Notices } from './notices.service.ts';

/** Notices as stored and announced (docs/notices.md), on PGlite or PostgreSQL as the suite runs. */
let database: Database;
let drop: () => Promise<void>;
let channel: InProcessChannel;
let service: Notices;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  channel = new InProcessChannel();
  service = new Notices({ db: database.db, channel, now: () => new Date() });
});
afterAll(async () => {
  await channel.close();
  await drop();
});

let made = 0;
async function member(): Promise<string> {
  made += 1;
  const [row] = await database.db
    .insert(members)
    .values({ account: `tp_notice_${made}`, email: `notice${made}@example.com`, name: 'Mei' })
    .returning({ id: members.id });
  return row!.id;
}

describe('a member’s notices', () => {
  it('are stored, listed newest first with the unread count, and marked read', async () => {
    const mei = await member();
    const other = await member();
    const first = await service.create(mei, 'tracking-notified', {
      tracking: 't1',
      route: 'TPE-LAX',
    });
    const second = await service.create(mei, 'order-credited', { order: 'SF-1' });
    await service.create(other, 'article-reply', { article: 'a1' });

    const listed = await service.list(mei);
    expect(listed.unread).toBe(2);
    expect(listed.notices.map((notice) => notice.kind)).toEqual([
      'order-credited',
      'tracking-notified',
    ]);
    expect(listed.notices[1]).toMatchObject({ payload: { tracking: 't1', route: 'TPE-LAX' } });
    // A reconnecting page asks for what came after the last it saw.
    expect((await service.list(mei, first.id)).notices.map((notice) => notice.id)).toEqual([
      second.id,
    ]);

    expect(await service.markRead(mei, [first.id])).toBe(1);
    // Another member's notice is not theirs to mark.
    expect(await service.markRead(mei, [second.id + 1])).toBe(1);
    expect((await service.list(other)).unread).toBe(1);
    expect(await service.markRead(mei, 'all')).toBe(0);
    expect((await service.list(mei)).notices.every((notice) => notice.read)).toBe(true);
  });

  it('reach the open pages of their member only, at once', async () => {
    const mei = await member();
    const other = await member();
    const seen: NoticeEvent[] = [];
    const elsewhere: NoticeEvent[] = [];
    const stop = service.subscribe(mei, (event) => seen.push(event));
    service.subscribe(other, (event) => elsewhere.push(event));
    const notice = await service.create(mei, 'order-in-review', { order: 'SF-2' });
    expect(seen).toEqual([{ type: 'notice', notice }]);
    // Read in one tab, the count changes in the others.
    await service.markRead(mei, 'all');
    expect(seen[1]).toEqual({ type: 'read', unread: 0 });
    expect(elsewhere).toEqual([]);
    stop();
    await service.create(mei, 'newsletter-confirmed');
    expect(seen).toHaveLength(2);
  });
});

describe('notices written together in a transaction (a tracking cycle’s batch)', () => {
  it('reach each member’s pages once it commits, and never when it rolls back', async () => {
    // The database's own channel, as the server uses it: announced inside the transaction.
    const announced: NoticeChannel =
      database.kind === 'postgres'
        ? new PostgresChannel({
            connectionString: database.connectionString ?? '',
            execute: (text, values) => database.executeSql(text, values),
          })
        : new EmbeddedChannel(database);
    const writer = new Notices({ db: database.db, channel: announced, now: () => new Date() });
    const mei = await member();
    const other = await member();
    const seen: NoticeEvent[] = [];
    const elsewhere: NoticeEvent[] = [];
    writer.subscribe(mei, (event) => seen.push(event));
    writer.subscribe(other, (event) => elsewhere.push(event));
    await writer.listening();
    try {
      const written = await database.db.transaction(async (tx) => {
        const views = await writer.writeMany(tx as unknown as Db, [
          { memberId: mei, kind: 'tracking-notified', payload: { tracking: 't1' } },
          { memberId: other, kind: 'tracking-notified', payload: { tracking: 't2' } },
          { memberId: mei, kind: 'order-credited', payload: { order: 'SF-9' } },
        ]);
        // Not before the commit: a page is never shown a notice that was not stored.
        expect(seen).toEqual([]);
        return views;
      });
      expect(written.map((notice) => notice.kind)).toEqual([
        'tracking-notified',
        'tracking-notified',
        'order-credited',
      ]);
      await vi.waitFor(() => expect(seen).toHaveLength(2));
      expect(seen).toEqual([
        { type: 'notice', notice: written[0] },
        { type: 'notice', notice: written[2] },
      ]);
      await vi.waitFor(() => expect(elsewhere).toEqual([{ type: 'notice', notice: written[1] }]));

      await expect(
        database.db.transaction(async (tx) => {
          await writer.writeMany(tx as unknown as Db, [{ memberId: mei, kind: 'article-reply' }]);
          throw new Error('the change behind it failed');
        }),
      ).rejects.toThrow('the change behind it failed');
      // Announcements arrive in commit order: once a later notice is here, a rolled-back one
      // would have been too.
      const later = await writer.create(mei, 'newsletter-confirmed');
      await vi.waitFor(() => expect(seen).toHaveLength(3));
      expect(seen[2]).toEqual({ type: 'notice', notice: later });
      expect((await writer.list(mei)).notices.map((notice) => notice.kind)).toEqual([
        'newsletter-confirmed',
        'order-credited',
        'tracking-notified',
      ]);
    } finally {
      await announced.close();
    }
  });
});

// The PostgreSQL pass only: on the embedded database one process is all there is.
describe.runIf(onPostgres())('across processes on PostgreSQL', () => {
  it('reaches a page connected to another process through LISTEN/NOTIFY', async () => {
    const fresh = await createTestDatabase();
    const url = fresh.url;
    // Two processes' channels on one database: the notice is written by the first (a worker) and
    // shown by the second (the server the member's tab is connected to).
    const channelOn = () =>
      new PostgresChannel({
        connectionString: url ?? '',
        execute: (text, values) => fresh.database.executeSql(text, values),
      });
    const worker = channelOn();
    const server = channelOn();
    try {
      const received = new Promise<NoticeEvent>((resolve) => server.subscribe('m1', resolve));
      await server.listening();
      const notice: NoticeView = {
        id: 7,
        kind: 'tracking-notified',
        payload: { tracking: 't9' },
        createdAt: new Date().toISOString(),
        read: false,
      };
      const sent = Date.now();
      await worker.publish({ memberId: 'm1', event: { type: 'notice', notice } });
      expect(await received).toEqual({ type: 'notice', notice });
      expect(Date.now() - sent).toBeLessThan(1000);
    } finally {
      await worker.close();
      await server.close();
      await fresh.drop();
    }
  });
});

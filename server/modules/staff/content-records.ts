import { and, asc, count, eq, max, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { contentRecords } from '../../db/schema/index.ts';
import { AppError } from '../../errors.ts';
import { recordChange, type Actor } from './audit-log.ts';

/** One record as its data file holds it: the file (under data/), its place there, its id. */
export interface SeedRecord<T> {
  file: string;
  id: string;
  document: T;
}

/** Every kind's stamp (its records' count and latest change), in one query. */
async function readStamps(db: Db): Promise<Map<string, string>> {
  const rows = await db
    .select({
      kind: contentRecords.kind,
      records: count(),
      latest: max(contentRecords.updatedAt),
    })
    .from(contentRecords)
    .groupBy(contentRecords.kind);
  return new Map(
    rows.map((row) => [
      row.kind,
      `${row.records}:${row.latest ? new Date(row.latest).getTime() : 0}`,
    ]),
  );
}

const asking = new WeakMap<Db, Promise<Map<string, string>>>();
/** `readStamps`, shared by the kinds that ask while it is on its way. */
function sharedStamps(db: Db): Promise<Map<string, string>> {
  let pending = asking.get(db);
  if (!pending) {
    pending = readStamps(db);
    asking.set(db, pending);
    const done = () => asking.delete(db);
    pending.then(done, done);
  }
  return pending;
}

/** What an edit changed, for the audit log: the fields it touched, before and after. */
export interface EditOutcome<T> {
  document: T;
  before: unknown;
  after: unknown;
}

/**
 * Records of one kind (`card`) that staff edit (docs/staff.md#content), kept in `content_records`.
 * The data files seed a database that has none of the kind; after that the database is the truth.
 * Each edit runs in one transaction with the row locked, is checked against the kind's schema
 * before it is stored, and writes its audit entry with it.
 */
export class ContentRecords<T> {
  constructor(
    private readonly db: Db,
    private readonly kind: string,
    private readonly schema: z.ZodType<T>,
  ) {}

  /**
   * Fills an empty kind from the data files (read only then: a database that holds the kind never
   * reads them again); a second process doing the same at once changes nothing.
   */
  async seed(read: () => readonly SeedRecord<T>[]): Promise<void> {
    const [held] = await this.db
      .select({ records: count() })
      .from(contentRecords)
      .where(eq(contentRecords.kind, this.kind));
    if ((held?.records ?? 0) > 0) return;
    const records = read();
    if (records.length === 0) return;
    await this.db
      .insert(contentRecords)
      .values(
        records.map((record, position) => ({
          kind: this.kind,
          id: record.id,
          file: record.file,
          position,
          document: record.document,
        })),
      )
      .onConflictDoNothing();
  }

  /**
   * Changes whenever a record of the kind does: a process reads the records again when it moves.
   * `shared`: answered by the one query of every kind's stamp already on its way, if any (a
   * request's refresh asks all kinds at once); an edit's own refresh asks afresh.
   */
  async stamp(shared = false): Promise<string> {
    return (await (shared ? sharedStamps(this.db) : readStamps(this.db))).get(this.kind) ?? '0:0';
  }

  /** Every record in the files' order; one the schema no longer accepts is left out and named. */
  async all(): Promise<{ file: string; document: T }[]> {
    const rows = await this.db
      .select()
      .from(contentRecords)
      .where(eq(contentRecords.kind, this.kind))
      .orderBy(asc(contentRecords.position), asc(contentRecords.id));
    const records: { file: string; document: T }[] = [];
    const broken: string[] = [];
    for (const row of rows) {
      const parsed = this.schema.safeParse(row.document);
      if (parsed.success) records.push({ file: row.file, document: parsed.data });
      else broken.push(row.id);
    }
    if (broken.length > 0)
      throw new Error(`${this.kind} records the schema refuses: ${broken.join(', ')}`);
    return records;
  }

  /** Adds a record (a new transfer bonus), checked against the schema, with its audit entry. */
  async create(actor: Actor, action: string, record: SeedRecord<T>): Promise<T> {
    const checked = this.#checked(record.document);
    return this.db.transaction(async (tx) => {
      const [last] = await tx
        .select({ position: max(contentRecords.position) })
        .from(contentRecords)
        .where(eq(contentRecords.kind, this.kind));
      const added = await tx
        .insert(contentRecords)
        .values({
          kind: this.kind,
          id: record.id,
          file: record.file,
          position: (last?.position ?? -1) + 1,
          document: checked,
          updatedBy: actor.id,
        })
        .onConflictDoNothing()
        .returning({ id: contentRecords.id });
      if (added.length === 0)
        throw new AppError('INVALID_INPUT', {
          message: `There is already a ${this.kind} ${record.id}.`,
          fields: { id: 'taken' },
        });
      await recordChange(tx, actor, {
        action,
        subject: `${this.kind}:${record.id}`,
        before: null,
        after: checked,
      });
      return checked;
    });
  }

  /** The document if the kind's schema accepts it; else INVALID_INPUT naming the first field refused. */
  #checked(document: unknown): T {
    const checked = this.schema.safeParse(document);
    if (checked.success) return checked.data;
    const issue = checked.error.issues[0];
    throw new AppError('INVALID_INPUT', {
      message: `The ${this.kind} would not be valid: ${issue?.message ?? 'unknown problem'}.`,
      fields: { [issue?.path.join('.') || 'document']: 'invalid' },
    });
  }

  /**
   * Edits one record: `edit` gets the stored document and answers the new one with what changed;
   * the result must pass the schema (else INVALID_INPUT names the field and nothing is stored).
   */
  async edit(
    actor: Actor,
    id: string,
    action: string,
    edit: (document: T) => EditOutcome<T>,
  ): Promise<T> {
    return this.db.transaction((tx) => this.editIn(tx as unknown as Db, actor, id, action, edit));
  }

  /** `edit` inside a transaction the caller holds: two kinds of record changed as one (a price and its guide). */
  async editIn(
    tx: Db,
    actor: Actor,
    id: string,
    action: string,
    edit: (document: T) => EditOutcome<T>,
  ): Promise<T> {
    const [row] = await tx
      .select()
      .from(contentRecords)
      .where(and(eq(contentRecords.kind, this.kind), eq(contentRecords.id, id)))
      .for('update');
    if (!row) throw new AppError('NOT_FOUND', { message: `No ${this.kind} ${id}.` });
    const outcome = edit(this.schema.parse(row.document));
    const checked = this.#checked(outcome.document);
    await tx
      .update(contentRecords)
      .set({
        document: checked,
        updatedBy: actor.id,
        // Later than the stamp every process holds, even on a clock that repeats a millisecond.
        updatedAt: sql`greatest(now(), ${contentRecords.updatedAt} + interval '1 millisecond')`,
      })
      .where(and(eq(contentRecords.kind, this.kind), eq(contentRecords.id, id)));
    await recordChange(tx, actor, {
      action,
      subject: `${this.kind}:${id}`,
      before: outcome.before,
      after: outcome.after,
    });
    return checked;
  }
}

/** How long a process trusts the records it read: another process's edit shows within this. */
const FRESH_MS = 2000;

/**
 * One kind's records as this process shows them: seeded on first read, read again when their stamp
 * moves (one cheap look every two seconds at most) and handed to `show`, the service the pages
 * read; the process making an edit shows it at once.
 */
export class KeptRecords<T> {
  #records: { file: string; document: T }[] = [];
  #read: { at: number; stamp: string } | null = null;

  constructor(
    readonly store: ContentRecords<T>,
    private readonly seedRecords: () => SeedRecord<T>[],
    private readonly show: (documents: T[]) => void,
  ) {}

  async refresh(now = false): Promise<void> {
    if (!now && this.#read && Date.now() - this.#read.at < FRESH_MS) return;
    if (!this.#read) await this.store.seed(this.seedRecords);
    const stamp = await this.store.stamp(!now);
    if (stamp !== this.#read?.stamp) {
      this.#records = await this.store.all();
      this.show(this.#records.map((record) => record.document));
    }
    this.#read = { at: Date.now(), stamp };
  }

  /** The records as last read, each with the data file it belongs to. */
  get records(): readonly { file: string; document: T }[] {
    return this.#records;
  }

  async edit(...args: Parameters<ContentRecords<T>['edit']>): Promise<T> {
    const document = await this.store.edit(...args);
    await this.refresh(true);
    return document;
  }

  async create(...args: Parameters<ContentRecords<T>['create']>): Promise<T> {
    const document = await this.store.create(...args);
    await this.refresh(true);
    return document;
  }
}

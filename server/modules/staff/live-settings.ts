import { LiveSettingsSchema, type LiveSettings } from '../../../core/staff.ts';
import type { Db } from '../../db/client.ts';
import { staffSettings } from '../../db/schema/index.ts';
import { recordChange, type Actor } from './audit-log.ts';

type FlagName = {
  [K in keyof LiveSettings]: LiveSettings[K] extends boolean ? K : never;
}[keyof LiveSettings];

/** How long a process trusts what it read: another process's change shows within this. */
const FRESH_MS = 2000;

/**
 * Settings staff switch while the site runs (docs/staff.md#live-settings), kept in the database
 * so every process sees a change within two seconds, with no restart; the process that made the
 * change sees it at once. A setting with no row has the server's setting as its default; a
 * server setting that is on (maintenance by configuration) stays on whatever staff choose.
 */
export class LiveSettingsStore {
  #read: { at: number; values: LiveSettings } | null = null;

  constructor(
    private readonly db: Db,
    private readonly defaults: LiveSettings,
  ) {}

  async current(): Promise<LiveSettings> {
    if (this.#read && Date.now() - this.#read.at < FRESH_MS) return this.#read.values;
    const rows = await this.db.select().from(staffSettings);
    const stored = Object.fromEntries(rows.map((row) => [row.key, row.value]));
    const values = LiveSettingsSchema.parse({ ...this.defaults, ...this.#known(stored) });
    this.#read = { at: Date.now(), values };
    return values;
  }

  /** Only the keys this version knows, of the right type: an unknown row is ignored, not fatal. */
  #known(stored: Record<string, unknown>): Partial<LiveSettings> {
    const known: Partial<LiveSettings> = {};
    for (const [key, schema] of Object.entries(LiveSettingsSchema.shape)) {
      const parsed = schema.safeParse(stored[key]);
      if (key in stored && parsed.success) Object.assign(known, { [key]: parsed.data });
    }
    return known;
  }

  /** Whether a flag is on: the server's setting, or staff's. */
  async on(key: FlagName): Promise<boolean> {
    return this.defaults[key] || (await this.current())[key];
  }

  /** The alliances whose award search rests now (a deploy's full maintenance is `on('awardSearchMaintenance')`). */
  async restingAlliances(): Promise<LiveSettings['allianceMaintenance']> {
    return (await this.current()).allianceMaintenance;
  }

  /** Changes some settings, each logged with its value before and after, in one transaction. */
  async change(actor: Actor, changes: Partial<LiveSettings>): Promise<LiveSettings> {
    const before = await this.#fresh();
    await this.db.transaction(async (tx) => {
      for (const [key, value] of Object.entries(changes)) {
        const was = before[key as keyof LiveSettings];
        if (value === undefined || JSON.stringify(was) === JSON.stringify(value)) continue;
        await tx
          .insert(staffSettings)
          .values({ key, value, updatedBy: actor.id, updatedAt: new Date() })
          .onConflictDoUpdate({
            target: staffSettings.key,
            set: { value, updatedBy: actor.id, updatedAt: new Date() },
          });
        await recordChange(tx, actor, {
          action: 'setting.change',
          subject: `setting:${key}`,
          before: was,
          after: value,
        });
      }
    });
    return this.#fresh();
  }

  async #fresh(): Promise<LiveSettings> {
    this.#read = null;
    return this.current();
  }
}

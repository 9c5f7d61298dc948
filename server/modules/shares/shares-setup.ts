import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import type { CardCatalogue } from '../cards/index.ts';
import { ConvenienceStores } from './convenience-stores.service.ts';
import type { ShareKind } from '../../../core/shares/flags.ts';
import { ShareFlags } from './flags.service.ts';
import { RenewalOffers } from './renewal-offers.service.ts';
import { syncSampleShares } from './sample-data.ts';
import { Stores } from './stores.service.ts';

/** A kind of record members report and staff hide. */
interface Reportable {
  exists(id: string): Promise<boolean>;
  reportableBy(id: string, memberId: string): Promise<boolean>;
  setHidden(id: string, hidden: boolean): Promise<void>;
}

/** The shared-data services (docs/shares.md), and the sample data as the setting asks. */
export async function sharesFromConfig(options: {
  config: Config;
  database: Database;
  catalogue: CardCatalogue;
  /** Articles and their groups, reported and hidden through the same queue (docs/articles.md#safety). */
  articles: Reportable;
  groups: Reportable;
  now?: () => Date;
  log?: { warn(details: object, message: string): void };
}) {
  const now = options.now ?? (() => new Date());
  const db = options.database.db;
  const offers = new RenewalOffers({ db, catalogue: options.catalogue, now });
  const stores = new Stores({ db, now });
  const byKind = {
    'renewal-offer': offers,
    store: stores,
    article: options.articles,
    group: options.groups,
  } satisfies Record<ShareKind, Reportable>;
  const flags = new ShareFlags({
    db,
    now,
    exists: (kind, id) => byKind[kind].exists(id),
    reportable: (kind, id, memberId) => byKind[kind].reportableBy(id, memberId),
    setHidden: (kind, id, hidden) => byKind[kind].setHidden(id, hidden),
    siteUrl: options.config.PUBLIC_URL,
  });
  const { alike } = await stores.rekeyNames();
  if (alike.length > 0)
    options.log?.warn(
      { stores: alike.length },
      'store records that now fold to the name of an earlier one: staff to merge them',
    );
  await syncSampleShares(db, options.config.SHARES_SAMPLE_DATA === true, now());
  return { offers, stores, flags, convenience: new ConvenienceStores(stores) };
}

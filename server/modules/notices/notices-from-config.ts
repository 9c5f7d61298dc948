import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../../config.ts';
import type { Database } from '../../db/client.ts';
import { EmbeddedChannel } from './database-channel.ts';
import type { NoticeChannel } from './notice-channel.ts';
import { Notices } from './notices.service.ts';
import { PostgresChannel } from './postgres-channel.ts';
import { PubNubChannel } from './pubnub-channel.ts';

/**
 * The notices with the channel the settings choose (docs/notices.md#delivery): PubNub when
 * MESSAGING=pubnub; otherwise LISTEN/NOTIFY on PostgreSQL, or this process alone on the embedded
 * database, where the server runs its jobs itself.
 */
export function noticesFromConfig(options: {
  config: Config;
  database: Database;
  log: FastifyBaseLogger;
  now: () => Date;
}): Notices {
  const { config, database, log } = options;
  const onError = (error: Error) => log.warn({ err: error }, 'notices channel');
  let channel: NoticeChannel;
  if (config.MESSAGING === 'pubnub') {
    const staging = config.PUBNUB_KEYSET === 'staging';
    channel = new PubNubChannel({
      publishKey: staging ? config.PUBNUB_STAGING_PUBLISH_KEY : config.PUBNUB_PUBLISH_KEY,
      subscribeKey: staging ? config.PUBNUB_STAGING_SUBSCRIBE_KEY : config.PUBNUB_SUBSCRIBE_KEY,
      cipherKey: config.PUBNUB_CIPHER_KEY,
      origin: config.PUBNUB_ORIGIN.replace(/\/$/, ''),
      onError,
    });
  } else if (database.connectionString) {
    channel = new PostgresChannel({
      connectionString: database.connectionString,
      execute: (text, values) => database.executeSql(text, values),
      onError,
    });
  } else {
    channel = new EmbeddedChannel(database, onError);
  }
  return new Notices({ db: database.db, channel, now: options.now });
}

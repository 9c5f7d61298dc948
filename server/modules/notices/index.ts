export { InProcessChannel, type NoticeChannel, type NoticeMessage } from './notice-channel.ts';
export { EmbeddedChannel } from './database-channel.ts';
export { Notices, type NewNotice, type NoticeWriter } from './notices.service.ts';
export { noticesFromConfig } from './notices-from-config.ts';
export { PostgresChannel } from './postgres-channel.ts';
export { PubNubChannel, PubNubError } from './pubnub-channel.ts';
export { noticesRoutes } from './notices.routes.ts';

export { InProcessChannel, type NoticeChannel, type NoticeMessage } from './notice-channel.ts';
export { Notices } from './notices.service.ts';
export { PostgresChannel } from './postgres-channel.ts';
export { noticesRoutes } from './notices.routes.ts';

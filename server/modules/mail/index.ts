// The mail module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { devMailboxRoutes } from './dev-mailbox.routes.ts';
export {
  MailDelivery,
  cancelMail,
  dkimFromConfig,
  enqueueMail,
  enqueueMails,
} from './mail-outbox.ts';
export type { OutgoingMail } from './mail-outbox.ts';
export { emailText, renderMail } from './mail-templates.ts';

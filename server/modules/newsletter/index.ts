// The newsletter module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { applyInbound, readInbound, splitMbox } from './inbound-mail.ts';
export { NewsletterLinks, unsubscribeMailbox } from './newsletter-links.ts';
export { newsletterFromConfig } from './newsletter-setup.ts';
export type { Newsletter } from './newsletter-setup.ts';
export { newsletterRoutes, oneClickRoutes } from './newsletter.routes.ts';
export { Subscriptions } from './subscriptions.service.ts';

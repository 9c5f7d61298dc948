// The assistant module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { assistantRoutes } from './assistant.routes.ts';
export type { Knowledge } from './answers.ts';
export { assistantFromConfig } from './assistant-setup.ts';
export type { Assistant } from './assistant.service.ts';
export type { Conversations } from './conversations.ts';

// The feedback module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { feedbackRoutes } from './feedback.routes.ts';
export { Feedback } from './feedback.service.ts';

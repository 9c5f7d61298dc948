// The captcha module's public surface: other modules, the composition root and scripts import only this file (eslint.config.js).
export { captchaRoutes } from './captcha.routes.ts';
export { CaptchaService } from './captcha.service.ts';

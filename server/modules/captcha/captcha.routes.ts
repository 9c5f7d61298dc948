import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AppError } from '../../errors.ts';
import type { CaptchaService } from './captcha.service.ts';

export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (app, { captcha }) => {
  /** A fresh proof-of-work challenge for the ALTCHA provider. */
  app.get('/captcha/challenge', async (_request, reply) => {
    if (captcha.provider !== 'altcha') throw new AppError('NOT_FOUND', { status: 404, message: 'This site does not use the proof-of-work captcha.' });
    reply.header('cache-control', 'no-store');
    return { ok: true as const, challenge: captcha.challenge() };
  });
};

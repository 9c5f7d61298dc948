import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { okSchema, withErrors } from '../../../core/api-schemas.ts';
import type { AltchaChallenge } from '../../../core/captcha.ts';
import { AppError } from '../../errors.ts';
import type { CaptchaService } from './captcha.service.ts';

const AltchaChallengeSchema = z.object({
  algorithm: z.literal('SHA-256'),
  challenge: z.string(),
  maxnumber: z.number().int(),
  salt: z.string(),
  signature: z.string(),
}) satisfies z.ZodType<AltchaChallenge>;

export const captchaRoutes: FastifyPluginAsyncZod<{ captcha: CaptchaService }> = async (
  app,
  { captcha },
) => {
  /** A fresh proof-of-work challenge for the ALTCHA provider; `hard` for an address after many failed logins. */
  app.get(
    '/captcha/challenge',
    {
      schema: {
        querystring: z.object({ strength: z.enum(['normal', 'hard']).default('normal') }),
        response: withErrors({ 200: okSchema({ challenge: AltchaChallengeSchema }) }),
      },
    },
    async (request, reply) => {
      if (captcha.provider !== 'altcha')
        throw new AppError('NOT_FOUND', {
          message: 'This site does not use the proof-of-work captcha.',
        });
      reply.header('cache-control', 'no-store');
      return { ok: true as const, challenge: captcha.challenge(request.query.strength) };
    },
  );
};

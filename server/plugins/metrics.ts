import type { FastifyInstance } from 'fastify';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { z } from 'zod';
import { withErrors } from '../../core/api-schemas.ts';
import { AppError } from '../errors.ts';
import { sameText } from '../modules/auth/index.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

/**
 * Prometheus text at /metrics: process figures plus request counts and durations per route. Who
 * may read it: a scraper with the bearer token (METRICS_TOKEN of the settings given), or without one a process on this
 * machine talking to the server directly (the socket's address, never X-Forwarded-For). Anyone
 * else gets the 404 an unknown address gets.
 */
export function registerMetrics(
  app: FastifyInstance,
  access: { METRICS_TOKEN?: string | undefined; TRUST_PROXY: boolean },
): { answered: () => { total: number; failed: number } } {
  // This process's answers since it started, for the staff dashboard's error rate.
  const answered = { total: 0, failed: 0 };
  const registry = new Registry();
  collectDefaultMetrics({ register: registry });
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method and route',
    labelNames: ['method', 'route'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    registers: [registry],
  });

  app.addHook('onResponse', async (request, reply) => {
    // The route pattern, not the raw URL, so that labels stay few.
    const route = request.routeOptions.url ?? 'unmatched';
    requests.inc({ method: request.method, route, status: String(reply.statusCode) });
    duration.observe({ method: request.method, route }, reply.elapsedTime / 1000);
    answered.total += 1;
    if (reply.statusCode >= 500) answered.failed += 1;
  });

  // Text for Prometheus, not JSON: the schema says what it is; no serializer touches a string body.
  const MetricsText = {
    description: 'Prometheus text exposition format',
    content: { 'text/plain': { schema: z.string() } },
  };
  app.get(
    '/metrics',
    { schema: { response: withErrors({ 200: MetricsText }) } },
    async (request, reply) => {
      const allowed = access.METRICS_TOKEN
        ? sameText(request.headers.authorization ?? '', `Bearer ${access.METRICS_TOKEN}`)
        : !access.TRUST_PROXY && LOOPBACK.has(request.socket.remoteAddress ?? '');
      if (!allowed)
        throw new AppError('NOT_FOUND', {
          message: 'There is nothing at this address.',
        });
      reply.type(registry.contentType);
      return registry.metrics();
    },
  );
  return { answered: () => ({ ...answered }) };
}

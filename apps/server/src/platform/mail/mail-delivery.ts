import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Delivers the mail outbox (placeholder until the mail worker lands). */
export const mailDelivery = fp(async (_app: FastifyInstance) => {}, { name: 'mail-delivery' });

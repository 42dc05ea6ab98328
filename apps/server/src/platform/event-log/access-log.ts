import { randomUUID } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { auditActorOf } from '../audit.ts';
import { redactedUrlOf } from '../http/logging.ts';
import { appendChainedJson } from './append-events.ts';
import { eventLogKeys } from './event-log-keys.ts';
import type { EventToSeal } from './sealed-event.ts';
import { SealingThread } from './sealing-thread.ts';

export const accessAction = 'access';
export const accessSubjectType = 'request';

/**
 * Accesses wait this long, or until this many gather, to be written in one statement. On
 * PGlite the statement holds the event loop, and the one request that arrives meanwhile waits
 * for it: under steady load a batch every 200 accesses delays one request in 200, beyond the
 * p99; a shorter wait would write smaller batches more often (decision 064).
 */
const flushDelayMs = 1000;
const batchSize = 200;
/** Beyond this many unwritten accesses (the database down for long), the oldest are given up, with an error logged. */
const maxWaiting = 20_000;

/** The API and OAuth2 calls; the web app's files and the health check are no one's access to data. */
const isLoggedUrl = (url: string) => url.startsWith('/api/') || url.startsWith('/oauth2/');

/**
 * Every access to the API, allowed or not, joins the event log (Disp. DNSISA 1/2025 Annex III
 * §3): who, from which address and page, which route on which record, and the answer's status.
 * Changes are recorded in their own transaction by `recordAudit`; an access is recorded after
 * its answer, in batches, so that reading a record costs the reader one array push, and sealed
 * as its batch is written, on a thread of its own under load. Should the process die, the
 * accesses of its last second are lost; no change ever is.
 */
export const accessLog = fp(async (app: FastifyInstance) => {
  const sealing = new SealingThread(eventLogKeys(), (error) => {
    app.log.error({ err: error }, 'the event log\'s sealing thread failed; accesses are sealed on the request thread');
  });
  let waiting: EventToSeal[] = [];
  let timer: NodeJS.Timeout | undefined;
  let writing: Promise<void> = Promise.resolve();

  const retryLater = (batch: EventToSeal[], error: unknown) => {
    waiting = [...batch, ...waiting];
    if (waiting.length > maxWaiting) {
      app.log.error({ given: waiting.length - maxWaiting }, 'accesses given up: the event log could not be written');
      waiting = waiting.slice(waiting.length - maxWaiting);
    }
    app.log.error({ err: error, accesses: batch.length }, 'the event log could not be written; will retry');
  };
  const write = async (batch: EventToSeal[]) => {
    try {
      await appendChainedJson(app.db, await sealing.sealAsJson(batch));
    } catch (error) {
      retryLater(batch, error);
    }
  };

  const flush = (): Promise<void> => {
    clearTimeout(timer);
    timer = undefined;
    if (waiting.length === 0) return writing;
    const batch = waiting.splice(0, batchSize);
    writing = writing.then(() => write(batch));
    if (waiting.length > 0) return flush();
    return writing;
  };

  app.addHook('onResponse', async (request, reply) => {
    if (!isLoggedUrl(request.url)) return;
    waiting.push(accessEventOf(request, reply));
    if (waiting.length >= batchSize) void flush();
    else timer ??= setTimeout(() => void flush(), flushDelayMs).unref();
  });
  // Before the database closes (onClose), so that the last accesses are written.
  app.addHook('preClose', async () => {
    await flush();
    await sealing.close();
  });
});

function accessEventOf(request: FastifyRequest, reply: FastifyReply): EventToSeal {
  const actor = auditActorOf(request);
  return {
    heading: {
      id: randomUUID(),
      at: new Date(),
      actorUserId: actor.actorUserId,
      oauthClientId: actor.oauthClientId ?? null,
      action: accessAction,
      subjectType: accessSubjectType,
      // The route, not the address: the record's id and the query stay sealed with the rest.
      subjectId: `${request.method} ${request.routeOptions.url ?? 'ruta desconocida'}`,
    },
    content: {
      address: actor.address ?? null,
      pagePath: actor.pagePath,
      outcome: String(reply.statusCode),
      details: { url: redactedUrlOf(request) },
    },
  };
}

import type { FastifyInstance } from 'fastify';
import type { AnnouncedChange, DatabaseHandle } from '../db/client.ts';

export interface PeriodicPassOptions<Report> {
  name: string;
  intervalMs: number;
  isWorthLogging: (report: Report) => boolean;
  /**
   * A change the database announces at commit that makes a pass worth running at once rather
   * than at the next tick: a message queued.
   */
  wakeOn?: { watchChanges: DatabaseHandle['watchChanges']; change: AnnouncedChange };
}

/**
 * Runs `pass` every `intervalMs` in every server process, from when the app is ready until it
 * closes, one pass at a time whether the timer, an announced change or a caller starts it. The
 * passes' row locks share the work between processes. `isWorthLogging` keeps idle passes out of
 * the log. Answers a function that runs one pass now, after any pass already under way; its
 * `now` lets tests control the clock.
 */
export function runPeriodically<Report>(
  app: FastifyInstance, options: PeriodicPassOptions<Report>, pass: (now: Date) => Promise<Report>,
): (now?: Date) => Promise<Report> {
  let lastPass: Promise<unknown> = Promise.resolve();
  const runPass = (now?: Date, onStart?: () => void): Promise<Report> => {
    const next = lastPass.then(() => {
      onStart?.();
      return pass(now ?? new Date());
    });
    lastPass = next.catch(() => undefined);
    return next;
  };
  const runLogged = async (onStart?: () => void) => {
    try {
      const report = await runPass(undefined, onStart);
      if (options.isWorthLogging(report)) app.log.debug({ report }, `${options.name} pass`);
    } catch (error) {
      app.log.error({ err: error }, `${options.name} pass failed`);
    }
  };

  let timer: NodeJS.Timeout | undefined;
  let isClosing = false;
  const scheduleNextPass = () => {
    timer = setTimeout(() => void runOnTimer(), options.intervalMs);
    // The loop alone must not keep the process alive.
    timer.unref();
  };
  const runOnTimer = async () => {
    await runLogged();
    if (!isClosing) scheduleNextPass();
  };

  // A burst of announcements wakes one pass: until it starts, it will see whatever they announced.
  let isWakeUpQueued = false;
  const wakeUp = () => {
    if (isWakeUpQueued || isClosing) return;
    isWakeUpQueued = true;
    // After the committing request's own continuation, which the announcement of its commit precedes.
    setImmediate(() => {
      if (isClosing) return;
      void runLogged(() => {
        isWakeUpQueued = false;
      });
    });
  };
  let stopWatching: (() => Promise<void>) | undefined;

  app.addHook('onReady', async () => {
    scheduleNextPass();
    const { wakeOn } = options;
    if (wakeOn?.watchChanges) stopWatching = await wakeOn.watchChanges(wakeOn.change, wakeUp);
  });
  // Before the database closes: stop the loop and let a pass under way finish.
  app.addHook('preClose', async () => {
    isClosing = true;
    clearTimeout(timer);
    await stopWatching?.();
    await lastPass;
  });
  return (now) => runPass(now);
}

import type { FastifyInstance } from 'fastify';

/**
 * Runs `pass` every `intervalMs` in every server process, from when the app is ready until it
 * closes, one pass at a time whether the timer or a caller starts it. The passes' row locks
 * share the work between processes. `isWorthLogging` keeps idle passes out of the log.
 * Answers a function that runs one pass now, after any pass already under way; its `now`
 * lets tests control the clock.
 */
export function runPeriodically<Report>(
  app: FastifyInstance,
  options: { name: string; intervalMs: number; isWorthLogging: (report: Report) => boolean },
  pass: (now: Date) => Promise<Report>,
): (now?: Date) => Promise<Report> {
  let lastPass: Promise<unknown> = Promise.resolve();
  const runPass = (now?: Date): Promise<Report> => {
    const next = lastPass.then(() => pass(now ?? new Date()));
    lastPass = next.catch(() => undefined);
    return next;
  };

  let timer: NodeJS.Timeout | undefined;
  let isClosing = false;
  const scheduleNextPass = () => {
    timer = setTimeout(() => void runOnTimer(), options.intervalMs);
    // The loop alone must not keep the process alive.
    timer.unref();
  };
  const runOnTimer = async () => {
    try {
      const report = await runPass();
      if (options.isWorthLogging(report)) app.log.debug({ report }, `${options.name} pass`);
    } catch (error) {
      app.log.error({ err: error }, `${options.name} pass failed`);
    }
    if (!isClosing) scheduleNextPass();
  };

  app.addHook('onReady', async () => {
    scheduleNextPass();
  });
  // Before the database closes: stop the loop and let a pass under way finish.
  app.addHook('preClose', async () => {
    isClosing = true;
    clearTimeout(timer);
    await lastPass;
  });
  return runPass;
}

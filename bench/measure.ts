import { performance } from 'node:perf_hooks';
import { setImmediate } from 'node:timers/promises';

/**
 * Runs `operation` in `concurrency` loops for `seconds` after a short warm-up, so the JIT and
 * the database caches are warm for both sides of a ratio. Answers how many ran, in how long,
 * and the CPU time the process spent meanwhile.
 */
async function runFor(
  operation: () => Promise<unknown>, { seconds = 2, concurrency = 8 }: { seconds?: number; concurrency?: number },
): Promise<{ count: number; wallSeconds: number; cpuSeconds: number }> {
  const run = async (durationMs: number) => {
    let count = 0;
    const started = { wall: performance.now(), cpu: process.cpuUsage() };
    const end = started.wall + durationMs;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await operation();
        count += 1;
      }
    }));
    const cpu = process.cpuUsage(started.cpu);
    return { count, wallSeconds: (performance.now() - started.wall) / 1000, cpuSeconds: (cpu.user + cpu.system) / 1e6 };
  };
  await run(300);
  return run(seconds * 1000);
}

/** Operations per second of `operation`, by the clock. */
export async function operationsPerSecond(
  operation: () => Promise<unknown>, options: { seconds?: number; concurrency?: number } = {},
): Promise<number> {
  const { count, wallSeconds } = await runFor(operation, options);
  return count / wallSeconds;
}

/**
 * The rates of `baseline` and of `measured`, by the clock, in `rounds` alternating rounds of
 * each, every rate the count of its rounds over their time together. On a shared machine the
 * speed drifts within seconds (another process's load, the CPU's clock); one measurement of
 * each, one after the other, lets a slow moment fall on one side of the ratio alone, while
 * alternating shares it out.
 *
 * Each side first runs for a while unmeasured. A route's first seconds in a process are slower
 * than a running server's (its functions not yet optimised, the heap still growing): the login,
 * measured first thing, printed 0.79–0.83 of the verification in its first round and 0.84–0.92
 * in the rounds after, where a warm-up of two seconds gave 0.84 from the first.
 */
export async function alternatingRates(
  baseline: () => Promise<unknown>, measured: () => Promise<unknown>, { rounds = 3 }: { rounds?: number } = {},
): Promise<{ baselineRate: number; rate: number }> {
  for (const operation of [baseline, measured]) await runFor(operation, { seconds: 2 });
  const totals = { baseline: { count: 0, seconds: 0 }, measured: { count: 0, seconds: 0 } };
  for (let round = 0; round < rounds; round += 1) {
    for (const [side, operation] of [['baseline', baseline], ['measured', measured]] as const) {
      const { count, wallSeconds } = await runFor(operation, {});
      totals[side].count += count;
      totals[side].seconds += wallSeconds;
    }
  }
  return {
    baselineRate: totals.baseline.count / totals.baseline.seconds,
    rate: totals.measured.count / totals.measured.seconds,
  };
}

/**
 * Operations per second of CPU time the process spends on `operation`: what one core does,
 * whatever else runs on the machine meanwhile, which lowers the clock's rate but not this one.
 * For work that only computes, as signing a PDF does.
 */
export async function operationsPerCpuSecond(
  operation: () => Promise<unknown>, options: { seconds?: number; concurrency?: number } = {},
): Promise<number> {
  const { count, cpuSeconds } = await runFor(operation, options);
  return count / cpuSeconds;
}

export interface Comparison {
  name: string;
  baseline: string;
  /** None for a figure printed beside a budgeted one, to read with it. */
  budget?: number;
  baselineRate: number;
  rate: number;
}

/** Prints one line per comparison: the two rates, their ratio, and whether the budget holds. */
export function report(comparisons: Comparison[]): boolean {
  let allWithinBudget = true;
  for (const comparison of comparisons) {
    const ratio = comparison.rate / comparison.baselineRate;
    const { budget } = comparison;
    const holds = budget === undefined || ratio >= budget;
    allWithinBudget &&= holds;
    process.stdout.write(
      `${budget === undefined ? '    ' : holds ? 'ok  ' : 'SLOW'} ${comparison.name}: ${comparison.rate.toFixed(0)}/s = `
      + `${ratio.toFixed(2)} x ${comparison.baseline} (${comparison.baselineRate.toFixed(0)}/s), `
      + `${budget === undefined ? 'no budget of its own' : `budget >= ${budget}`}\n`,
    );
  }
  return allWithinBudget;
}

export interface Latencies {
  name: string;
  count: number;
  p50: number;
  p99: number;
}

/** The value below which `fraction` of the sorted samples fall (nearest rank). */
function percentile(sorted: readonly number[], fraction: number): number {
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(fraction * sorted.length) - 1))] ?? Number.NaN;
}

/**
 * The latencies of `operations` run one at a time, `rounds` times over after one warm-up
 * round: a request's own time, without the queueing that concurrency would add. Between two
 * operations the event loop turns, as a server's does between two requests: an injected request
 * leaves callbacks queued for the loop's next turn, which a PGlite query never gives, so back to
 * back every request's objects stayed alive until the last, and the young generation's
 * collections, copying them, took 5–20 ms (p99 of the diagnoses 10.5–12 ms without the turn,
 * 2.5–5.4 ms with it, four runs each).
 */
export async function latencies(
  name: string, operations: ReadonlyArray<() => Promise<unknown>>, { rounds = 20 }: { rounds?: number } = {},
): Promise<Latencies> {
  for (const operation of operations) await operation();
  const samples: number[] = [];
  for (let round = 0; round < rounds; round += 1) {
    for (const operation of operations) {
      const started = performance.now();
      await operation();
      samples.push(performance.now() - started);
      await setImmediate();
    }
  }
  samples.sort((a, b) => a - b);
  return { name, count: samples.length, p50: percentile(samples, 0.5), p99: percentile(samples, 0.99) };
}

/** Prints one line per measurement: p50, p99 and p99 as a ratio of the budget (at most 1 holds). */
export function reportLatencies(measurements: readonly Latencies[], budgetMs: number): boolean {
  let allWithinBudget = true;
  for (const measurement of measurements) {
    const ratio = measurement.p99 / budgetMs;
    const holds = ratio <= 1;
    allWithinBudget &&= holds;
    process.stdout.write(
      `${holds ? 'ok  ' : 'SLOW'} ${measurement.name}: p50 ${measurement.p50.toFixed(2)} ms, p99 `
      + `${measurement.p99.toFixed(2)} ms = ${ratio.toFixed(2)} x the ${budgetMs} ms budget `
      + `(${measurement.count} requests), budget <= 1\n`,
    );
  }
  return allWithinBudget;
}

/**
 * Prints each measurement's p50 and p99 as multiples of the baseline's p50, the latency of the
 * simplest query on the same database: within budget while the p50 multiple is at most the budget.
 */
export function reportLatencyRatios(
  baseline: Latencies, measured: ReadonlyArray<{ measurement: Latencies; budget: number }>,
): boolean {
  process.stdout.write(`     baseline ${baseline.name}: p50 ${baseline.p50.toFixed(3)} ms (${baseline.count} queries)\n`);
  let allWithinBudget = true;
  for (const { measurement, budget } of measured) {
    const ratio = measurement.p50 / baseline.p50;
    const holds = ratio <= budget;
    allWithinBudget &&= holds;
    process.stdout.write(
      `${holds ? 'ok  ' : 'SLOW'} ${measurement.name}: p50 ${measurement.p50.toFixed(2)} ms = ${ratio.toFixed(1)} x, `
      + `p99 ${measurement.p99.toFixed(2)} ms = ${(measurement.p99 / baseline.p50).toFixed(1)} x the point SELECT `
      + `(${measurement.count} requests), budget p50 <= ${budget} x\n`,
    );
  }
  return allWithinBudget;
}

import { performance } from 'node:perf_hooks';

/**
 * Operations per second of `operation`, run by `concurrency` loops for `seconds` after a
 * short warm-up, so the JIT and the database caches are warm for both sides of a ratio.
 */
export async function operationsPerSecond(
  operation: () => Promise<unknown>,
  { seconds = 2, concurrency = 8 }: { seconds?: number; concurrency?: number } = {},
): Promise<number> {
  const run = async (durationMs: number) => {
    let count = 0;
    const end = performance.now() + durationMs;
    await Promise.all(Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        await operation();
        count += 1;
      }
    }));
    return count / (durationMs / 1000);
  };
  await run(300);
  return run(seconds * 1000);
}

export interface Comparison {
  name: string;
  baseline: string;
  budget: number;
  baselineRate: number;
  rate: number;
}

/** Prints one line per comparison: the two rates, their ratio, and whether the budget holds. */
export function report(comparisons: Comparison[]): boolean {
  let allWithinBudget = true;
  for (const comparison of comparisons) {
    const ratio = comparison.rate / comparison.baselineRate;
    const holds = ratio >= comparison.budget;
    allWithinBudget &&= holds;
    process.stdout.write(
      `${holds ? 'ok  ' : 'SLOW'} ${comparison.name}: ${comparison.rate.toFixed(0)}/s = ${ratio.toFixed(2)} x `
      + `${comparison.baseline} (${comparison.baselineRate.toFixed(0)}/s), budget >= ${comparison.budget}\n`,
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
 * round: a request's own time, without the queueing that concurrency would add.
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

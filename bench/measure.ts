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

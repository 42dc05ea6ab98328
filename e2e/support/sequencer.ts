import { readFile } from 'node:fs/promises';
import { BaseSequencer, type TestSpecification } from 'vitest/node';

/**
 * The journeys in the order that ends both lanes closest together: the journeys that start a
 * server of their own first, a start costing more than most journeys, then the longer files
 * before the shorter, so that a lane's last file is a short one. A fresh clone has no timings
 * for Vitest to sort by, and by default it would keep the files in the order it found them.
 */
export class LongestFirstSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const weighed = await Promise.all(files.map(async (file) => {
      const source = await readFile(file.moduleId, 'utf8');
      return { file, startsServer: source.includes('startServer('), size: source.length };
    }));
    return weighed
      .sort((a, b) => Number(b.startsServer) - Number(a.startsServer) || b.size - a.size)
      .map(({ file }) => file);
  }
}

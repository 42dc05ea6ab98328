import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';

const lines: string[] = [];
useTestApp({
  environment: { LOG_LEVEL: 'warn' },
  logStream: {
    write: (line) => {
      lines.push(line);
    },
  },
});

describe('start-up', () => {
  it('warns while the CUIR registry codes are the unregistered 0000', () => {
    const warnings = lines.map((line) => JSON.parse(line) as { level: number; msg: string })
      .filter((entry) => entry.msg.includes('CUIR_PLATFORM_CODE'));
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.level).toBe(40);
  });
});

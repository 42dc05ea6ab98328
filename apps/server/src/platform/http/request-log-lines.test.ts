import { describe, expect, it } from 'vitest';
import { useTestApp } from '../../../test/helper.ts';

const lines: string[] = [];
const context = useTestApp({
  environment: { LOG_LEVEL: 'info' },
  logStream: { write: (line) => { lines.push(line); } },
});

interface LogLine {
  reqId?: string;
  msg: string;
  req?: { method: string; url: string; remoteAddress: string };
  res?: { statusCode: number };
  responseTime?: number;
}

describe('request logging', () => {
  it('writes one line per request once answered: the request, its status and the time taken, no credentials', async () => {
    const response = await context.app.inject({
      url: '/oauth2/accounts/sign-in?signed_in_code=secreto&scope=documents-sign',
      headers: { authorization: 'Bearer secreto' },
    });
    const requestId = response.headers['x-request-id'];
    const logged = lines.map((line) => JSON.parse(line) as LogLine).filter((line) => line.reqId === requestId);
    expect(logged).toEqual([expect.objectContaining({
      msg: 'request completed',
      req: { method: 'GET', url: '/oauth2/accounts/sign-in?signed_in_code=%5Bredacted%5D&scope=documents-sign', remoteAddress: '127.0.0.1' },
      res: { statusCode: response.statusCode },
      responseTime: expect.any(Number) as number,
    })]);
    expect(lines.join('\n')).not.toContain('secreto');
  });
});

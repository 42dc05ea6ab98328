import { Redis } from 'ioredis';
import type { AttemptCounts, CountedAttempt } from './attempt-counts.ts';

// The database's functions (migration 0025) as Redis scripts, which Redis runs atomically: a
// count is an integer that expires with its window, or with its lock once it went over.
const spendScript = `
for index, key in ipairs(KEYS) do
  local allowance = tonumber(ARGV[index * 3 - 2])
  local spent = redis.call('INCR', key)
  if spent == 1 or redis.call('PTTL', key) < 0 then redis.call('PEXPIRE', key, ARGV[index * 3 - 1]) end
  if spent > allowance then
    if spent == allowance + 1 then redis.call('PEXPIRE', key, ARGV[index * 3]) end
    return math.max(redis.call('PTTL', key), 1)
  end
end
return 0`;

const releaseScript = `
local cleared = tonumber(ARGV[1])
for index, key in ipairs(KEYS) do
  if index <= cleared then
    redis.call('DEL', key)
  else
    local spent = tonumber(redis.call('GET', key))
    if spent and spent > 0 then redis.call('DECR', key) end
  end
end
return 0`;

/** The counts in Redis, under a prefix, so that several installations can share one server. */
export class RedisAttemptCounts implements AttemptCounts {
  constructor(private readonly client: Redis, private readonly keyPrefix: string) {}

  /** Counts on the Redis server at `url`. */
  static connect(url: string, keyPrefix: string): RedisAttemptCounts {
    return new RedisAttemptCounts(new Redis(url, { enableOfflineQueue: true, maxRetriesPerRequest: 2 }), keyPrefix);
  }

  async spend(attempts: readonly CountedAttempt[]): Promise<number> {
    const limits = attempts.flatMap(({ allowance, windowMs, lockMs }) => [allowance, windowMs, lockMs]);
    const keys = this.#keys(attempts.map(({ key }) => key));
    return Number(await this.client.eval(spendScript, keys.length, ...keys, ...limits));
  }

  async release(cleared: readonly string[], refunded: readonly string[]): Promise<void> {
    const keys = this.#keys([...cleared, ...refunded]);
    await this.client.eval(releaseScript, keys.length, ...keys, cleared.length);
  }

  async close(): Promise<void> {
    await this.client.quit();
  }

  #keys(keys: readonly string[]): string[] {
    return keys.map((key) => `${this.keyPrefix}${key}`);
  }
}

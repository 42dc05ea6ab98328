import { inject } from 'vitest';

/**
 * The journeys run in lanes, one test file at a time in each: a lane has a server of its own,
 * with its own database, mail catcher and authenticator keyring, so that journeys running at the
 * same time never meet in a rate limit, a second-factor time step or an inbox. Most of a
 * journey is spent waiting for the browser and the server, so two lanes use two cores well.
 */
export const laneCount = 2;

export interface Lane {
  baseUrl: string;
  /** Where the SMTP catcher writes each mail the lane's server sends. */
  mailFolder: string;
  /** Where the journeys keep what a person would keep between visits (authenticator secrets). */
  keyringFile: string;
  /** The server's DATA_DIR, where the platform CA's certificate is (pki/ca.pem). */
  dataDir: string;
}

declare module 'vitest' {
  export interface ProvidedContext {
    lanes: Lane[];
    admin: { email: string; password: string };
    /** Where the run's Chromium listens for the test files' connections. */
    browserEndpoint: string;
    /** A DATA_DIR as `npm run db:prepare` leaves it, for a journey's server of its own to copy. */
    preparedDataDir: string;
  }
}

/** The lane of the test file running now: Vitest numbers its workers from 1 to maxWorkers. */
export function currentLane(): Lane {
  const lanes = inject('lanes');
  const worker = Number(process.env.VITEST_POOL_ID ?? '1');
  const lane = lanes[(worker - 1) % lanes.length];
  if (!lane) throw new Error('No lane was set up for the journeys');
  return lane;
}

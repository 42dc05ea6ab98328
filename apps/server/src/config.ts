import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { hasEveryCharacterKind, limits } from '@receta/domain';
import { z } from 'zod';

const optional = <Schema extends z.ZodType>(schema: Schema) =>
  z.preprocess((value) => (value === '' ? undefined : value), schema.optional());

/** An AES-256 key written in base64. */
const masterKey = z.base64().transform((text) => Buffer.from(text, 'base64'))
  .refine((key) => key.length === 32, 'must be 32 bytes in base64');

/** The environment of ARCHITECTURE.md; this is the only file that reads `process.env`. */
/** The CUIR code of a platform the national registry has not registered yet. */
export const unregisteredCuirCode = '0000';

const EnvironmentSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  PUBLIC_URL: optional(z.url({ protocol: /^https?$/ })),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: optional(z.url({ protocol: /^postgres(ql)?$/ })),
  SMTP_URL: optional(z.url({ protocol: /^smtps?$/ })),
  SMS_WEBHOOK_URL: optional(z.url({ protocol: /^https?$/ })),
  CENTRAL_REPOSITORY_URL: optional(z.url({ protocol: /^https?$/ })),
  ADMIN_EMAIL: optional(z.email()),
  ADMIN_PASSWORD: optional(z.string()
    .min(limits.newPasswordMinLength, `must have at least ${limits.newPasswordMinLength} characters`)
    .refine(hasEveryCharacterKind, 'must combine capital and lower-case letters, numbers and symbols')),
  REDIS_URL: optional(z.url({ protocol: /^rediss?$/ })),
  REDIS_KEY_PREFIX: z.string().default('receta:'),
  TRUST_PROXY: z.enum(['true', 'false']).default('false'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  CA_CERT_FILE: optional(z.string()),
  CA_KEY_FILE: optional(z.string()),
  SIGNING_MASTER_KEY: optional(masterKey),
  SIGNING_PREVIOUS_MASTER_KEYS: optional(z.string().transform((list) => list.split(',')).pipe(z.array(masterKey))),
  AUDIT_LOG_KEY: optional(masterKey),
  AUDIT_LOG_PREVIOUS_KEYS: optional(z.string().transform((list) => list.split(',')).pipe(z.array(masterKey))),
  OAUTH_DEMO_CLIENT_SECRET: optional(z.string().min(32, 'must have at least 32 characters')),
  CUIR_PLATFORM_CODE: z.string().regex(/^\d{4}$/, 'must be 4 digits').default(unregisteredCuirCode),
  CUIR_REPOSITORY_CODE: z.string().regex(/^\d{4}$/, 'must be 4 digits').default(unregisteredCuirCode),
  PASSWORD_MAX_AGE_DAYS: z.coerce.number().int('must be a whole number of days').min(1, 'must be at least 1').default(365),
  // Disp. DNSISA 1/2025: 8 hours without use is the most a session may last.
  SESSION_IDLE_HOURS: z.coerce.number().int('must be a whole number of hours')
    .min(1, 'must be between 1 and 8').max(8, 'must be between 1 and 8').default(8),
}).refine((env) => (env.CA_CERT_FILE === undefined) === (env.CA_KEY_FILE === undefined), {
  message: 'CA_CERT_FILE and CA_KEY_FILE go together', path: ['CA_KEY_FILE'],
});

export interface Config {
  port: number;
  host: string;
  publicUrl: string;
  dataDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  /** Text messages are POSTed here as `{to, text}`; unset: they stay in the SMS outbox. */
  smsWebhookUrl: string | undefined;
  /** The national repository's pointers are POSTed here (Res. 2214/2025 art. 7); unset: they stay pending. */
  centralRepositoryUrl: string | undefined;
  admin: { email: string | undefined; password: string | undefined };
  /** Where lock-outs and rate limits are counted instead of the database, when set. */
  redisUrl: string | undefined;
  /** Prepended to every Redis key, so that several installations can share one Redis. */
  redisKeyPrefix: string;
  /** Behind a load balancer, take the client's address from X-Forwarded-For (rate limits are per address). */
  trustProxy: boolean;
  logLevel: z.infer<typeof EnvironmentSchema>['LOG_LEVEL'];
  signing: {
    /** The platform CA's certificate and PKCS#8 key (PEM files); unset: made once under DATA_DIR/pki. */
    caFiles: { certificate: string; privateKey: string } | undefined;
    /** Encrypts doctors' private keys; unset: a key file made once under DATA_DIR/pki. */
    masterKey: Buffer | undefined;
    /** Keys replaced by a rotation, still able to decrypt what they encrypted. */
    previousMasterKeys: Buffer[];
  };
  /**
   * Seals the event log's entries (AES-256-GCM); unset: a key file made once under DATA_DIR/pki.
   * Retired keys still open what they sealed, as the signing master keys do.
   */
  eventLog: { masterKey: Buffer | undefined; previousMasterKeys: Buffer[] };
  versions: { backend: string; frontend: string };
  /** The secret of the sandbox demo app (client_id demo-sandbox); unset: the superadmin generates one. */
  oauthDemoClientSecret: string | undefined;
  /**
   * The codes the national registry (ReNaPDiS) gives the platform as prescriber and as
   * repository: the CUIR's first two modules. `0000` until the platform is registered.
   */
  cuir: { platformCode: string; repositoryCode: string };
  /** A password older than this many days is changed at the next login (decision 041). */
  passwordMaxAgeDays: number;
  /** A session unused for this many hours ends (decision 041). */
  sessionIdleHours: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

function readVersion(packageJson: URL): string {
  return (JSON.parse(readFileSync(packageJson, 'utf8')) as { version: string }).version;
}

/** Parses the environment once, failing fast with every problem named. */
export function loadConfig(environment: Record<string, string | undefined> = process.env): Config {
  const parsed = EnvironmentSchema.safeParse(environment);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${problems.join('\n')}`);
  }
  const env = parsed.data;
  return {
    port: env.PORT,
    host: env.HOST,
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, ''),
    dataDir: resolve(env.DATA_DIR),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
    centralRepositoryUrl: env.CENTRAL_REPOSITORY_URL,
    admin: { email: env.ADMIN_EMAIL, password: env.ADMIN_PASSWORD },
    redisUrl: env.REDIS_URL,
    redisKeyPrefix: env.REDIS_KEY_PREFIX,
    trustProxy: env.TRUST_PROXY === 'true',
    logLevel: env.LOG_LEVEL,
    signing: {
      caFiles: env.CA_CERT_FILE && env.CA_KEY_FILE
        ? { certificate: resolve(env.CA_CERT_FILE), privateKey: resolve(env.CA_KEY_FILE) }
        : undefined,
      masterKey: env.SIGNING_MASTER_KEY,
      previousMasterKeys: env.SIGNING_PREVIOUS_MASTER_KEYS ?? [],
    },
    eventLog: { masterKey: env.AUDIT_LOG_KEY, previousMasterKeys: env.AUDIT_LOG_PREVIOUS_KEYS ?? [] },
    versions: {
      backend: readVersion(new URL('../package.json', import.meta.url)),
      frontend: readVersion(new URL('../../web/package.json', import.meta.url)),
    },
    oauthDemoClientSecret: env.OAUTH_DEMO_CLIENT_SECRET,
    cuir: { platformCode: env.CUIR_PLATFORM_CODE, repositoryCode: env.CUIR_REPOSITORY_CODE },
    passwordMaxAgeDays: env.PASSWORD_MAX_AGE_DAYS,
    sessionIdleHours: env.SESSION_IDLE_HOURS,
  };
}

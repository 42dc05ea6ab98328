import { readFile, writeFile } from 'node:fs/promises';
import { Secret, TOTP } from 'otpauth';
import { currentLane } from './lanes.ts';

interface KeyringEntry {
  secret: string;
  /** The last time step whose code was sent: the server accepts each step once. */
  lastStep: number | null;
  /** The access token of the account's last login through the API, as a browser keeps it. */
  accessToken?: string;
}

type Keyring = Record<string, KeyringEntry>;

const periodMs = 30_000;

async function readKeyring(): Promise<Keyring> {
  try {
    return JSON.parse(await readFile(currentLane().keyringFile, 'utf8')) as Keyring;
  } catch {
    return {};
  }
}

async function writeKeyring(keyring: Keyring): Promise<void> {
  await writeFile(currentLane().keyringFile, JSON.stringify(keyring));
}

/**
 * Keeps an account's authenticator secret for the rest of the run, as the person's phone
 * would: journeys in other files sign in to the same accounts.
 */
export async function rememberAuthenticator(email: string, secret: string): Promise<void> {
  const keyring = await readKeyring();
  keyring[email] = { secret: secret.replace(/\s/g, ''), lastStep: null };
  await writeKeyring(keyring);
}

/**
 * The access token the run already holds for the account, if any. Sessions last twelve hours,
 * longer than any run; reusing one spares a login, and with it one of the authenticator's time
 * steps, which otherwise make a third login in the same thirty seconds wait for the next step.
 */
export async function keptAccessToken(email: string): Promise<string | undefined> {
  return (await readKeyring())[email]?.accessToken;
}

export async function keepAccessToken(email: string, accessToken: string): Promise<void> {
  const keyring = await readKeyring();
  const entry = keyring[email];
  if (!entry) throw new Error(`No authenticator secret is known for ${email}`);
  keyring[email] = { ...entry, accessToken };
  await writeKeyring(keyring);
}

export async function knowsAuthenticator(email: string): Promise<boolean> {
  return (await readKeyring())[email] !== undefined;
}

/**
 * The authenticator's code for the account, never one of a step already used. The server
 * accepts one step of drift, so the next step's code serves at once when this one was used.
 */
export async function authenticatorCode(email: string): Promise<string> {
  const keyring = await readKeyring();
  const entry = keyring[email];
  if (!entry) throw new Error(`No authenticator secret is known for ${email}`);
  const totp = new TOTP({ secret: Secret.fromBase32(entry.secret), algorithm: 'SHA1', digits: 6, period: 30 });
  let now = Date.now();
  let step = totp.counter({ timestamp: now });
  if (entry.lastStep !== null && step <= entry.lastStep) step = entry.lastStep + 1;
  if (step > totp.counter({ timestamp: now }) + 1) {
    await new Promise((resolve) => setTimeout(resolve, (step - 1) * periodMs - now + 50));
    now = Date.now();
  }
  keyring[email] = { ...entry, lastStep: step };
  await writeKeyring(keyring);
  return totp.generate({ timestamp: step * periodMs });
}

/** A code the server refuses for the account now: none of the steps its window accepts. */
export async function wrongAuthenticatorCode(email: string): Promise<string> {
  const entry = (await readKeyring())[email];
  if (!entry) throw new Error(`No authenticator secret is known for ${email}`);
  const totp = new TOTP({ secret: Secret.fromBase32(entry.secret), algorithm: 'SHA1', digits: 6, period: 30 });
  const step = totp.counter({ timestamp: Date.now() });
  const nearSteps = [step - 1, step, step + 1, step + 2];
  const accepted = new Set(nearSteps.map((near) => totp.generate({ timestamp: near * periodMs })));
  let candidate = 0;
  while (accepted.has(String(candidate).padStart(6, '0'))) candidate += 1;
  return String(candidate).padStart(6, '0');
}

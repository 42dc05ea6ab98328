import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { currentLane } from './lanes.ts';
import type { CaughtMail } from './mail-catcher.ts';

/**
 * Waits for a mail to `to` whose text has a link under `pathPrefix` (e.g. '/confirmation/')
 * and answers that link's path, ready for `page.goto`.
 */
export async function waitForMailedLink(to: string, pathPrefix: string, timeoutMs = 20_000): Promise<string> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const link = (await readMails())
      .filter((mail) => mail.to.includes(to.toLowerCase()))
      .map((mail) => linkIn(mail.text, pathPrefix))
      .findLast((found) => found !== undefined);
    if (link) return link;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`No mail to ${to} with a ${pathPrefix} link arrived within ${timeoutMs} ms`);
}

async function readMails(): Promise<CaughtMail[]> {
  const folder = currentLane().mailFolder;
  const names = (await readdir(folder)).filter((name) => name.endsWith('.json')).sort();
  return Promise.all(names.map(async (name) => JSON.parse(await readFile(join(folder, name), 'utf8')) as CaughtMail));
}

function linkIn(text: string, pathPrefix: string): string | undefined {
  for (const match of text.matchAll(/https?:\/\/[^\s<>"']+/g)) {
    const url = new URL(match[0]);
    if (url.pathname.startsWith(pathPrefix)) return url.pathname + url.search;
  }
  return undefined;
}

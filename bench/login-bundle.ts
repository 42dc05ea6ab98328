import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * Issue #20: the JavaScript of the login page's first paint, gzipped, at most 250 kB, read the
 * stricter way: thousands of bytes, not 1,024s.
 */
export const loginBudgetBytes = 250_000;

/**
 * What the browser runs before the login form shows: the app's entry and the login route's
 * page, each with every chunk it imports statically. The chunks they import on demand (other
 * pages, other languages, the Spanish texts beyond the login page's) load later.
 */
const firstPaintSources = ['index.html', 'src/features/auth/login-page.tsx'];

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** Vite's build manifest in `dist`: each source module that starts a chunk, with its file and imports. */
export function readManifest(dist: string): Record<string, ManifestChunk> {
  return JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
}

/** The login page's scripts with their gzipped sizes, read from the build's manifest in `dist`. */
export function loginPageScripts(dist: string): { file: string; gzipped: number }[] {
  const manifest = readManifest(dist);
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`${key} is not in the build's manifest: was the page moved or renamed?`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const source of firstPaintSources) visit(source);
  return [...files]
    .map((file) => ({ file, gzipped: gzipSync(readFileSync(join(dist, file)), { level: 9 }).length }))
    .sort((a, b) => b.gzipped - a.gzipped);
}

/** Bytes in kB of 1,000 bytes, as the budget counts them. */
export function kB(bytes: number): string {
  return `${(bytes / 1000).toFixed(1)} kB`;
}

/** Weighs the login page of the build in apps/web/dist and prints it; true when within budget. */
export function measureLoginPage(): boolean {
  const dist = fileURLToPath(new URL('../apps/web/dist', import.meta.url));
  if (!existsSync(join(dist, '.vite', 'manifest.json'))) {
    throw new Error('No build to weigh in apps/web/dist: run `npm run build` first');
  }
  const scripts = loginPageScripts(dist);
  const total = scripts.reduce((sum, script) => sum + script.gzipped, 0);
  const holds = total <= loginBudgetBytes;
  const lines = [
    `${holds ? 'ok  ' : 'HEAVY'} login page JavaScript: ${kB(total)} gzipped in ${scripts.length} files, `
    + `budget <= ${kB(loginBudgetBytes)}`,
    ...scripts.map((script) => `       ${script.file} ${kB(script.gzipped)}`),
  ];
  process.stdout.write(`${lines.join('\n')}\n`);
  return holds;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) process.exitCode = measureLoginPage() ? 0 : 1;

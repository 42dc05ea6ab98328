import { readdir, readFile } from 'node:fs/promises';
import { describe, expect, it } from 'vitest';
import { useTestApp } from '../test/helper.ts';

// The web app's source, read as text: the server never imports the web app.
const webSource = new URL('../../web/src/', import.meta.url);

/** The `/api/...` paths written in the web app's source, each `${…}` part as a parameter `{}`. */
async function webApiPaths(): Promise<{ path: string; file: string }[]> {
  const files = (await readdir(webSource, { recursive: true }))
    .filter((file) => /\.tsx?$/.test(file) && !/\.test\.tsx?$/.test(file) && !file.startsWith('test/'));
  const found: { path: string; file: string }[] = [];
  for (const file of files) {
    const source = await readFile(new URL(file, webSource), 'utf8');
    for (const [, literal = ''] of source.matchAll(/['`](\/api\/[^'`\s]*)['`]/g)) {
      const path = literal.replace(/\$\{[^}]*\}/g, '{}');
      // A prefix the web app tests URLs against, not a call.
      if (!path.endsWith('/')) found.push({ path, file });
    }
  }
  return found;
}

const isParameter = (segment: string) => /^\{.*\}$/.test(segment);

/**
 * Whether a route serves the path: each segment the same, or a parameter on either side (the
 * web app may fill a route's fixed segment from a value, as a moderation decision).
 */
function isServedBy(path: string, route: string): boolean {
  const wanted = path.split('/');
  const served = route.split('/');
  return wanted.length === served.length && wanted.every((segment, index) => {
    const route = served[index] ?? '';
    return segment === route || isParameter(segment) || isParameter(route);
  });
}

function unservedPaths(paths: string[], routes: string[]): string[] {
  return paths.filter((path) => !routes.some((route) => isServedBy(path, route)));
}

describe('the API paths the web app calls', () => {
  const test = useTestApp();

  it('are each a route the server declares', async () => {
    const routes = Object.keys(test.app.swagger().paths ?? {});
    const paths = await webApiPaths();

    expect(paths.length).toBeGreaterThan(40);
    expect(paths.filter(({ path }) => unservedPaths([path], routes).length > 0)).toEqual([]);
  });

  it('tell a path no route serves', () => {
    const routes = ['/api/patients', '/api/patients/{id}', '/api/users/{id}/authorize'];

    expect(unservedPaths(['/api/patients/{}', '/api/users/{}/{}', '/api/patient', '/api/patients/{}/pdf'], routes))
      .toEqual(['/api/patient', '/api/patients/{}/pdf']);
  });
});

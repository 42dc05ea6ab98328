import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

const server = 'http://localhost:3000';

const domainModule = /[\\/]packages[\\/]domain[\\/]src[\\/](?!spanish-errors\.ts$)/;

const compressible = /\.(js|css|html|svg|json|txt)$/;

/**
 * Writes a brotli (.br) and a gzip (.gz) copy beside every text file of the build, at the
 * strongest settings, once per build: the server sends the copy the browser accepts
 * (@fastify/static `preCompressed`) rather than compressing on every request.
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  let outDir = '';
  return {
    name: 'receta:precompress',
    apply: 'build',
    configResolved: (config) => {
      outDir = resolve(config.root, config.build.outDir);
    },
    // After the public folder is copied too; the manifest's dot folder is never served.
    closeBundle: async () => {
      const files = (await readdir(outDir, { recursive: true }))
        .filter((file) => compressible.test(file) && !file.startsWith('.'));
      await Promise.all(files.map(async (file) => {
        const path = join(outDir, file);
        const content = await readFile(path);
        const [br, gz] = await Promise.all([
          brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
          gzipped(content, { level: constants.Z_BEST_COMPRESSION }),
        ]);
        await Promise.all([writeFile(`${path}.br`, br), writeFile(`${path}.gz`, gz)]);
      }));
    },
  };
}

export default defineConfig({
  plugins: [react(), precompress()],
  server: {
    // In development the API runs on its own port; in production one process serves both.
    proxy: {
      '/api': server,
      '/oauth2/accounts': server,
      '/oauth2/documents': server,
      '/healthz': server,
      '/readyz': server,
    },
  },
  build: {
    outDir: 'dist',
    // bench/login-bundle.ts reads it to weigh what the login page loads.
    manifest: true,
    emptyOutDir: true,
    rolldownOptions: {
      treeshake: {
        // The domain package's modules only declare (schemas, messages, labels), so a page gets
        // the modules whose exports it uses rather than every schema of the product. The one
        // module run for its effect, zod's Spanish errors, main.tsx imports itself: the index
        // that imports it for everyone else is left out with the rest.
        moduleSideEffects: [{ test: domainModule, sideEffects: false }],
      },
      output: {
        codeSplitting: {
          groups: [
            // Everything the entry imports statically runs before the first paint anyway: in one
            // file it compresses as one (about 17 kB less gzipped than in the fifty chunks that
            // splitting by importer makes of it). The entry stays its own chunk, for the manifest.
            // Only what the first paint uses: by default a group also takes every module its
            // modules import, and through the domain package's index that is every group of spec
            // messages, which the other pages use (about 4 kB gzipped of the login page).
            {
              name: 'start-up', tags: ['$initial'], priority: 30, includeDependenciesRecursively: false,
              test: (id) => !/(index\.html|src[\\/]main\.tsx)$/.test(id),
            },
            // The spec's messages the first paint does not use, in one file: every other page loads
            // them all with the Spanish texts (i18n/es.ts), so apart they would be a dozen requests.
            { name: 'messages', test: /domain[\\/]src[\\/]messages[\\/]/, priority: 20 },
            // Only a first login draws a QR code; keeping it apart keeps it out of the start-up bundle.
            { name: 'qrcode', test: /[\\/]node_modules[\\/](qrcode|dijkstrajs)[\\/]/, priority: 40 },
          ],
        },
      },
    },
  },
});

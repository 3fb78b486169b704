/**
 * Vite configuration.
 * - `npm run build` (scripts/build.ts) uses the library build below: src/gng.ts → dist/gng.mjs with
 *   a source map.
 * - `npm run dev` serves the system from source at http://localhost:30001/ and proxies everything
 *   else to a Foundry running at http://localhost:30000. Open Foundry through port 30001: the
 *   browser then loads `systems/gng/gng.mjs` and `gng.css` from Vite (with hot reload of styles),
 *   and every other request (including the socket) goes to Foundry.
 */
import { defineConfig, type Plugin } from 'vite';

const SYSTEM_BASE = '/systems/gng/';

/** Maps the built file names Foundry asks for onto their sources while serving. */
function serveSources(): Plugin {
  const map: Record<string, string> = {
    [`${SYSTEM_BASE}gng.mjs`]: `${SYSTEM_BASE}src/gng.ts`,
    [`${SYSTEM_BASE}gng.css`]: `${SYSTEM_BASE}styles/gng.scss?direct`,
  };
  return {
    name: 'gng-serve-sources',
    apply: 'serve',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0];
        if (path && map[path]) req.url = map[path];
        next();
      });
    },
  };
}

export default defineConfig({
  base: SYSTEM_BASE,
  publicDir: false,
  plugins: [serveSources()],
  server: {
    port: 30001,
    open: false,
    proxy: {
      [`^(?!${SYSTEM_BASE})`]: 'http://localhost:30000/',
      '/socket.io': { target: 'ws://localhost:30000', ws: true },
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: false,
    sourcemap: true,
    minify: false,
    target: 'es2022',
    lib: {
      entry: 'src/gng.ts',
      formats: ['es'],
      fileName: () => 'gng.mjs',
    },
  },
});

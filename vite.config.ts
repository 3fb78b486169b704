/**
 * Vite configuration.
 * - `npm run build` (scripts/build.ts) uses the library build below: src/gng.ts → dist/gng.mjs, which
 *   imports the start chunk (everything a world loads at start), and what the system loads on first
 *   use (the simulator, the stat-block importer, the odds, the bestiary conversion: every dynamic
 *   `import()`) → chunks beside it (`dist/chunks/*.mjs`). Every import is a path relative to the
 *   importing file, so they resolve wherever Foundry serves `systems/gng/gng.mjs`
 *   (docs/architecture.md "Code loaded on first use"). Minified, keeping class names (Foundry names
 *   hooks after them: `renderAttackDialog`, `renderCharacterSheet`, …). The source maps are written
 *   beside the code; scripts/build.ts leaves them (and the comments naming them) out of the zip.
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

/**
 * Full minification of the ES library build. Vite's default for an `es` library keeps the
 * whitespace (for its pure annotations); a system is not re-bundled by anyone, so it goes.
 */
const MINIFY = {
  compress: { keepNames: { class: true, function: false } },
  mangle: { keepNames: { class: true, function: false } },
  codegen: { removeWhitespace: true },
};

export default defineConfig(({ command }) => ({
  // Served: Foundry asks for /systems/gng/…; built: every URL relative to the module that uses it
  // (the Web Worker's script, the chunks), so a Foundry behind a route prefix finds them too.
  base: command === 'build' ? './' : SYSTEM_BASE,
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
    minify: 'oxc',
    target: 'es2022',
    lib: {
      entry: 'src/gng.ts',
      formats: ['es'],
      fileName: () => 'gng.mjs',
    },
    rolldownOptions: {
      output: {
        minify: MINIFY,
        chunkFileNames: 'chunks/[name]-[hash].mjs',
        // Everything loaded at start in one chunk (gng.mjs imports it): by default Rolldown splits
        // the modules shared with the chunks loaded on first use into several small ones.
        codeSplitting: { groups: [{ name: 'start', tags: ['$initial'] }] },
      },
      // The barrels (src/**/index.ts: re-exports only, test/integration/build.test.ts checks it) run
      // nothing of their own. Said so, a module they re-export is loaded where its names are used:
      // otherwise the barrel src/rules/index.ts, imported at start, took every engine file it names
      // into the start chunk, even one only the chunks loaded on first use call (issue #29).
      treeshake: { moduleSideEffects: [{ test: /\/src\/(?:[\w-]+\/)*index\.ts$/, sideEffects: false }] },
    },
  },
}));

/**
 * `npm start`: builds the system and the playground, serves the playground on localhost and prints
 * its URL. PORT (default 30100; 0 = any free port) chooses the port; `--no-build` reuses the system
 * already built in dist/ (the playground itself is always rebuilt); `--dist <dir>` takes the built
 * system (its system.json and packs) from <dir> instead, without building; `--out <dir>` builds and
 * serves the playground in <dir> instead of playground-dist/. The tests give each run its own two
 * folders: two runs extracting the same LevelDB packs at once collide on the database's lock.
 * `--no-playground-build` builds nothing at all and serves the output folder as it is (it must hold
 * an index.html): test/integration/start.test.ts, which proves only how `npm start` stops, so pays
 * for no Vite build and pack extraction (some 6 s of CPU each).
 *
 * It stops, closing the server, on Ctrl-C (SIGINT), SIGTERM and SIGHUP, and when the process that
 * started it goes away. The last one matters under npm: `npm start` runs this script through
 * `sh -c`, and npm passes a SIGTERM it receives only to that shell, which dies without passing it
 * on (@npmcli/run-script's signal-manager forwards to its direct child). The server, left without
 * a parent, used to keep running after npm had exited; now it notices and stops. The npm script
 * runs `node --import tsx` rather than the `tsx` command so that this process is the shell's
 * direct child: the `tsx` command would sit between them, keep running and hide the shell's death.
 */
import { existsSync } from 'node:fs';
import type { Server } from 'node:http';
import { constants } from 'node:os';
import { join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { buildSystem } from './build.js';
import { buildPlayground, PLAYGROUND_OUT, servePlayground } from './playground.js';

const STOP_SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
/** How often to check that the parent process is still there, in ms. */
const PARENT_CHECK_MS = 250;

const { values: options } = parseArgs({
  options: {
    'no-build': { type: 'boolean', default: false },
    'no-playground-build': { type: 'boolean', default: false },
    dist: { type: 'string' },
    out: { type: 'string' },
  },
});
const port = Number(process.env.PORT ?? 30100);
const dist = options.dist === undefined ? undefined : resolve(options.dist);
const out = options.out === undefined ? undefined : resolve(options.out);

/** The server, once it listens. */
const running: { server?: Server } = {};
const parent = process.ppid;

/** Closes the server (and its keep-alive connections) and ends the process. */
function stop(signal?: NodeJS.Signals): void {
  clearInterval(parentCheck);
  for (const name of STOP_SIGNALS) process.off(name, onSignal);
  running.server?.close();
  running.server?.closeAllConnections();
  if (!signal) process.exit(0);
  // Die of the signal itself (our handlers are gone) so that the shell and npm above see a
  // process stopped by Ctrl-C, not a failed script; should another listener keep the signal from
  // ending the process, exit with the shell's code for it anyway.
  process.kill(process.pid, signal);
  setTimeout(() => process.exit(128 + constants.signals[signal]), 1000).unref();
}

function onSignal(signal: NodeJS.Signals): void {
  stop(signal);
}

// Linux and macOS give an orphan a new parent; Windows keeps the old id (and has no `sh -c` here).
const parentCheck = setInterval(() => {
  if (process.ppid !== parent) stop();
}, PARENT_CHECK_MS);
parentCheck.unref();
for (const name of STOP_SIGNALS) process.on(name, onSignal);

if (options['no-playground-build']) {
  if (!existsSync(join(out ?? PLAYGROUND_OUT, 'index.html')))
    throw new Error(`--no-playground-build: ${out ?? PLAYGROUND_OUT} holds no built playground (index.html)`);
} else {
  if (!options['no-build'] && dist === undefined) await buildSystem();
  await buildPlayground(dist, out);
}
const served = await servePlayground(out, port);
running.server = served.server;
console.log(
  `\nGrim-n-Gritty playground (a preview of the system's sheets and cards, not Foundry VTT):\n\n  ${served.url}\n\nCtrl+C stops it.`,
);

/**
 * Starts the playground as a user would with `npm start`: `scripts/start.ts --no-build` (the system
 * already built in dist/; the playground itself is built) on any free port, into a folder of its own
 * (two runs extracting the same packs at once collide on the database's lock). Resolves once it
 * printed its URL. No Vitest here: the browser project's global set-up (global-setup.ts) and the
 * benchmarks (bench/playground-log.ts) call it outside a test file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

/** How long `npm start` may take to print its URL on a loaded 2-core machine (a safety net). */
const START_TIMEOUT_MS = 170_000;

/** A running playground server: its printed address, and how to stop it (and remove its folder). */
export interface PlaygroundServer {
  readonly url: string;
  /** Stops the server, waits for it to exit, and removes its folder. */
  stop(): Promise<void>;
}

/** `name`: a word in the name of its temporary folder. */
export async function startPlaygroundServer(name: string): Promise<PlaygroundServer> {
  const out = mkdtempSync(join(tmpdir(), `gng-${name}-`));
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/start.ts', '--no-build', '--out', out],
    { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  const exited = new Promise<void>((resolve) => server.once('exit', () => resolve()));
  const stop = async () => {
    if (server.exitCode === null && server.signalCode === null) {
      server.kill();
      await exited;
    }
    rmSync(out, { recursive: true, force: true });
  };
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`npm start printed no URL:\n${output}`)),
        START_TIMEOUT_MS,
      );
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /http:\/\/localhost:\d+\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[0]);
        }
      };
      server.stdout?.on('data', read);
      server.stderr?.on('data', read);
      server.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited (${code}):\n${output}`));
      });
    });
    return { url, stop };
  } catch (error) {
    await stop();
    throw error;
  }
}

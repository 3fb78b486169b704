/**
 * Starts the playground for a browser test file, as a user would with `npm start`: `scripts/start.ts
 * --no-build` (the system already built in dist/; the playground itself is rebuilt) on any free port,
 * into a folder of its own (two runs extracting the same packs at once collide on the database's
 * lock). Register it at the top of a test file; `url()` is the printed address once `beforeAll` ran.
 */
import { afterAll, beforeAll } from 'vitest';
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../harness/index.js';

/** A running playground server: its printed address, and how to stop it (and remove its folder). */
export interface PlaygroundServer {
  readonly url: string;
  stop(): void;
}

/** Starts `npm start --no-build` on a free port into a folder of its own; resolves once it printed its URL. */
export async function startPlaygroundServer(name: string): Promise<PlaygroundServer> {
  const out = mkdtempSync(join(tmpdir(), `gng-${name}-`));
  const server = spawn(
    process.execPath,
    ['--import', 'tsx', 'scripts/start.ts', '--no-build', '--out', out],
    {
      cwd: ROOT,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  const stop = () => {
    server.kill();
    rmSync(out, { recursive: true, force: true });
  };
  let output = '';
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed no URL:\n${output}`)), 150_000);
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
      server.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
    });
    return { url, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

export function usePlaygroundServer(name: string): { url(): string } {
  let server: PlaygroundServer | undefined;

  beforeAll(async () => {
    server = await startPlaygroundServer(name);
  }, 180_000);

  afterAll(() => server?.stop());

  return {
    url: () => {
      if (!server) throw new Error('The playground server is not running');
      return server.url;
    },
  };
}

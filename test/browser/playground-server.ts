/**
 * Starts the playground for a browser test file, as a user would with `npm start`: `scripts/start.ts
 * --no-build` (the system already built in dist/; the playground itself is rebuilt) on any free port,
 * into a folder of its own (two runs extracting the same packs at once collide on the database's
 * lock). Register it at the top of a test file; `url()` is the printed address once `beforeAll` ran.
 */
import { afterAll, beforeAll } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ROOT } from '../harness/index.js';

export function usePlaygroundServer(name: string): { url(): string } {
  let server: ChildProcess | undefined;
  let url = '';
  const out = mkdtempSync(join(tmpdir(), `gng-${name}-`));

  beforeAll(async () => {
    let output = '';
    server = spawn(process.execPath, ['--import', 'tsx', 'scripts/start.ts', '--no-build', '--out', out], {
      cwd: ROOT,
      env: { ...process.env, PORT: '0' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`npm start printed no URL:\n${output}`)), 150_000);
      const read = (chunk: Buffer) => {
        output += chunk.toString();
        const match = /http:\/\/localhost:\d+\//.exec(output);
        if (match) {
          clearTimeout(timer);
          resolve(match[0]);
        }
      };
      server?.stdout?.on('data', read);
      server?.stderr?.on('data', read);
      server?.once('exit', (code) => reject(new Error(`npm start exited (${code}):\n${output}`)));
    });
  }, 180_000);

  afterAll(() => {
    server?.kill();
    rmSync(out, { recursive: true, force: true });
  });

  return {
    url: () => {
      if (!url) throw new Error('The playground server is not running');
      return url;
    },
  };
}

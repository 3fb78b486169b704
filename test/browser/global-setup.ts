/**
 * Global set-up of the browser project: one playground for the whole run, started on demand.
 *
 * Building the playground (Vite, then extracting every pack of dist/ into packs.json) is the costly
 * part of `npm start`, and it was paid once per test file that opens the playground. Now the first
 * file to need it asks a small broker (an HTTP server on localhost, its address provided to the
 * files as `playgroundBroker`), which runs the real `scripts/start.ts --no-build` once, PORT=0, into
 * a folder of its own, and answers every file with the URL that `npm start` printed. A run without
 * a playground file builds nothing. The playground is a static site: the files share its files and
 * nothing else (each test has its own browser context, so its own page state and storage).
 *
 * The server is this (Vitest's main) process's child: it stops when this process goes away, and the
 * teardown stops it and removes its folder.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:http';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));

declare module 'vitest' {
  export interface ProvidedContext {
    /** The broker's address; GET it for the playground's URL (see global-setup.ts). */
    playgroundBroker: string;
  }
}

/** How long `npm start` may take to print its URL on a loaded 2-core machine. */
const START_TIMEOUT_MS = 170_000;

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let server: ChildProcess | undefined;
  let folder: string | undefined;
  let started: Promise<string> | undefined;

  /** Runs `npm start --no-build` once; resolves with the URL it printed. */
  function startPlayground(): Promise<string> {
    folder = mkdtempSync(join(tmpdir(), 'gng-playground-'));
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'scripts/start.ts', '--no-build', '--out', folder],
      { cwd: ROOT, env: { ...process.env, PORT: '0' }, stdio: ['ignore', 'pipe', 'pipe'] },
    );
    server = child;
    let output = '';
    return new Promise<string>((resolve, reject) => {
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
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`npm start exited (${code}):\n${output}`));
      });
    });
  }

  const broker = createServer((request, response) => {
    if (request.url !== '/playground') {
      response.writeHead(404).end();
      return;
    }
    started ??= startPlayground();
    started.then(
      (url) => response.writeHead(200, { 'content-type': 'text/plain' }).end(url),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const address = broker.address();
  if (!address || typeof address === 'string') throw new Error('The playground broker has no port');
  project.provide('playgroundBroker', `http://127.0.0.1:${address.port}/`);

  return async () => {
    broker.close();
    if (server && server.exitCode === null) {
      const exited = new Promise((resolve) => server?.once('exit', resolve));
      server.kill();
      await exited;
    }
    if (folder) rmSync(folder, { recursive: true, force: true });
  };
}

/**
 * Global set-up of the browser project: one playground for the whole run, started on demand.
 *
 * Building the playground (Vite, then extracting every pack of dist/ into packs.json) is the costly
 * part of `npm start`, and it was paid once per test file that opens the playground. Now the first
 * file to need it asks a small broker (an HTTP server on localhost, its address provided to the
 * files as `playgroundBroker`), which runs the real `scripts/start.ts --no-build` once, PORT=0, into
 * a folder of its own (start-playground.ts), and answers every file with the URL that `npm start`
 * printed. A run without a playground file builds nothing. The playground is a static site: the
 * files share its files and nothing else (each test has its own browser context, so its own world,
 * chat log, settings and storage, which live in the page).
 *
 * The server is this (Vitest's main) process's child: it stops when this process goes away, and the
 * teardown stops it and removes its folder.
 */
import { createServer } from 'node:http';
import type { TestProject } from 'vitest/node';
import { startPlaygroundServer, type PlaygroundServer } from './start-playground.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The broker's address; GET it for the playground's URL (see global-setup.ts). */
    playgroundBroker: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  let started: Promise<PlaygroundServer> | undefined;

  const broker = createServer((request, response) => {
    if (request.url !== '/playground') {
      response.writeHead(404).end();
      return;
    }
    started ??= startPlaygroundServer('playground');
    started.then(
      (server) => response.writeHead(200, { 'content-type': 'text/plain' }).end(server.url),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(String(error)),
    );
  });
  await new Promise<void>((resolve) => broker.listen(0, '127.0.0.1', resolve));
  const address = broker.address();
  if (!address || typeof address === 'string') throw new Error('The playground broker has no port');
  project.provide('playgroundBroker', `http://127.0.0.1:${address.port}/`);

  return async () => {
    broker.close();
    const server = await started?.catch(() => undefined);
    await server?.stop();
  };
}

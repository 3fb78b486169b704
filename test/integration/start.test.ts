/**
 * `npm start` stops when it is told to (issue 14), and takes the playground server with it.
 *
 * Each test runs the real `npm start` (PORT=0) in a process group of its own, waits for the URL,
 * then stops it. What is proven is how it stops, not what it builds (the browser files build and
 * serve the real playground through scripts/start.ts), so it starts with `--no-build
 * --no-playground-build`, serving a folder of this file's own that holds a stand-in page: no Vite
 * build, no pack extraction (two of each before, about 12 s of CPU), no LevelDB lock to race over:
 * - Ctrl-C: a terminal sends SIGINT to the whole foreground process group (npm, its `sh -c`, node);
 * - SIGTERM to npm alone, as a process manager, an IDE's stop button or `kill <pid>` does: npm
 *   forwards it to its shell only, which dies without passing it on. Before the fix the server
 *   kept listening after npm had exited.
 * Both must leave no process of the group and a closed port within a few seconds.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
/** "Within a few seconds": the server checks its parent every 250 ms. */
const STOP_WITHIN_MS = 5_000;

interface Started {
  child: ChildProcess;
  /** The process group: npm leads it, `detached` made it a group of its own. */
  group: number;
  port: number;
  output: () => string;
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
}

/** Every `npm start` spawned, as its process group, so that afterAll stops whatever is left. */
const groups: number[] = [];
const folders: string[] = [];

/** The folder both runs serve, as built: only read, by a server that is asked for nothing. */
function servedFolder(): string {
  const folder = mkdtempSync(join(tmpdir(), 'gng-start-'));
  folders.push(folder);
  writeFileSync(join(folder, 'index.html'), '<!doctype html><title>npm start stops</title>\n');
  return folder;
}

function start(served: string): Promise<Started> {
  const args = ['start', '--', '--no-build', '--no-playground-build', '--out', served];
  const child = spawn('npm', args, {
    cwd: ROOT,
    env: { ...process.env, PORT: '0' },
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  if (child.pid) groups.push(child.pid);
  let output = '';
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`npm start printed no URL:\n${output}`)), 120_000);
    const read = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /http:\/\/localhost:(\d+)\//.exec(output);
      if (match && child.pid) {
        clearTimeout(timer);
        resolve({ child, group: child.pid, port: Number(match[1]), output: () => output, exited });
      }
    };
    child.stdout?.on('data', read);
    child.stderr?.on('data', read);
    void exited.then(({ code, signal }) => {
      clearTimeout(timer);
      reject(new Error(`npm start exited (${code ?? signal}) before printing its URL:\n${output}`));
    });
  });
}

/**
 * Whether a live process of the group is left. Zombies do not count: an exited child is a zombie
 * until its new parent reaps it, and a container's PID 1 (GitHub's job containers run `tail`)
 * may never do so. `ps -A -o pgid=,stat=` reads the same on Linux and macOS.
 */
function groupAlive(group: number): boolean {
  return execFileSync('ps', ['-A', '-o', 'pgid=,stat='], { encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim().split(/\s+/))
    .some(([pgid, stat]) => Number(pgid) === group && !stat?.startsWith('Z'));
}

async function waitForGroupGone(group: number, within: number): Promise<number> {
  const since = Date.now();
  while (groupAlive(group)) {
    if (Date.now() - since > within)
      throw new Error(`process group ${group} still running after ${within} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return Date.now() - since;
}

function portRefuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(true));
  });
}

afterAll(() => {
  // A failed test must not leave a server behind.
  for (const group of groups)
    if (groupAlive(group))
      try {
        process.kill(-group, 'SIGKILL');
      } catch {
        // gone meanwhile
      }
  for (const folder of folders) rmSync(folder, { recursive: true, force: true });
});

describe('npm start stops', () => {
  let ctrlC: Started;
  let term: Started;

  beforeAll(async () => {
    const served = servedFolder();
    [ctrlC, term] = await Promise.all([start(served), start(served)]);
  }, 150_000);

  it('on Ctrl-C (SIGINT to the process group): npm, its shell and the server exit and the port closes', async () => {
    expect(await portRefuses(ctrlC.port)).toBe(false);
    process.kill(-ctrlC.group, 'SIGINT');
    const took = await waitForGroupGone(ctrlC.group, STOP_WITHIN_MS);
    expect(took).toBeLessThan(STOP_WITHIN_MS);
    expect(await portRefuses(ctrlC.port)).toBe(true);
    // npm died of the signal like the server: a stop, not a failed script, so npm reports no error.
    expect((await ctrlC.exited).signal).toBe('SIGINT');
    expect(ctrlC.output()).not.toMatch(/npm error/);
  }, 15_000);

  it('on SIGTERM to npm alone: npm exits and the server, left without its shell, stops too', async () => {
    expect(await portRefuses(term.port)).toBe(false);
    process.kill(term.group, 'SIGTERM');
    expect((await term.exited).signal).toBe('SIGTERM');
    const took = await waitForGroupGone(term.group, STOP_WITHIN_MS);
    expect(took).toBeLessThan(STOP_WITHIN_MS);
    expect(await portRefuses(term.port)).toBe(true);
  }, 15_000);
});

/**
 * How long the page's own work held its main thread while `run` ran: the longest task of the
 * renderer's main thread, in CPU time (thread time, from a Chromium trace), and in wall time.
 *
 * A frame gap measured with requestAnimationFrame is wall time: on a loaded machine the renderer
 * also waits for a core, and a gap grows with the machine's load, not with the page's work. A task's
 * CPU time does not: a page that did its work on the main thread shows it as a long task whatever
 * the load. The main thread is the one that recorded the `performance.mark` set before `run`.
 */
import type { Page } from 'playwright-core';

interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  /** Thread (CPU) time of a complete event, in µs. */
  tdur?: number;
  pid: number;
  tid: number;
}

export interface MainThreadTasks {
  /** Tasks of the main thread that ended within the span. */
  tasks: number;
  /** The longest one's CPU time, in ms (its wall time when the trace has no thread time for it). */
  longestCpuMs: number;
  /** The longest one's wall time, in ms. */
  longestWallMs: number;
}

const MARK = 'gng-main-thread-start';

export async function mainThreadTasks(page: Page, run: () => Promise<void>): Promise<MainThreadTasks> {
  const browser = page.context().browser();
  if (!browser) throw new Error('The page has no browser to trace');
  await browser.startTracing(page, { categories: ['toplevel', 'blink.user_timing'] });
  let trace: Buffer;
  try {
    await page.evaluate((mark) => performance.mark(mark), MARK);
    await run();
  } finally {
    trace = await browser.stopTracing();
  }
  const { traceEvents: events } = JSON.parse(trace.toString('utf8')) as { traceEvents: TraceEvent[] };
  const mark = events.find((event) => event.name === MARK);
  if (!mark) throw new Error('The trace lacks the start mark');
  const tasks = events.filter(
    (event) =>
      event.pid === mark.pid &&
      event.tid === mark.tid &&
      event.ph === 'X' &&
      event.name === 'ThreadControllerImpl::RunTask' &&
      event.ts >= mark.ts,
  );
  if (!tasks.some((task) => task.tdur !== undefined))
    throw new Error('The trace has no thread time for the main thread’s tasks');
  return {
    tasks: tasks.length,
    // A task without thread time (a few have none) counts its wall time, never less than its CPU time.
    longestCpuMs: Math.max(0, ...tasks.map((task) => (task.tdur ?? task.dur ?? 0) / 1000)),
    longestWallMs: Math.max(0, ...tasks.map((task) => (task.dur ?? 0) / 1000)),
  };
}

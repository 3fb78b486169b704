/**
 * The fight simulator's Web Worker (issue #20): receives a {@link SimulationJob}, runs it in chunks
 * with progress messages, posts the aggregate. Bundled by Vite as a worker of its own (the
 * `new Worker(new URL(…, import.meta.url))` in run.ts), so the page's main thread stays free.
 */
import { runChunked, type SimulationJob, type WorkerMessage } from './protocol.js';

interface WorkerScope {
  onmessage: ((event: MessageEvent<SimulationJob>) => void) | null;
  postMessage(message: WorkerMessage): void;
}

const scope = self as unknown as WorkerScope;

scope.onmessage = (event) => {
  runChunked(event.data, (done, total) => {
    scope.postMessage({ type: 'progress', done, total });
    return true;
  })
    .then((result) => {
      if (result) scope.postMessage({ type: 'done', result });
    })
    .catch((error: unknown) => {
      scope.postMessage({ type: 'error', message: error instanceof Error ? error.message : String(error) });
    });
};

/**
 * The fight simulator's Web Worker (issue #20): receives a {@link SimulationJob}, runs it in chunks
 * with its combat model's fight loop (the built-in models only: the Saga-style one loaded on first use) and progress messages, posts the
 * aggregate. Bundled by Vite as a worker of its own (the
 * `new Worker(new URL(…, import.meta.url))` in run.ts), so the page's main thread stays free.
 */
import { runChunked, UnknownModelError, type SimulationJob, type WorkerMessage } from './protocol.js';
import './worker-models.js';

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
      const message = error instanceof Error ? error.message : String(error);
      // The page words it (the worker has no lang file).
      if (error instanceof UnknownModelError)
        scope.postMessage({ type: 'error', message, unknownModel: error.model });
      else scope.postMessage({ type: 'error', message });
    });
};

import { once } from 'node:events';
import type { Worker } from 'node:worker_threads';

/**
 * Stops one of the SQLite worker threads (sqlite-read-worker.mjs, sqlite-checkpoint-worker.mjs):
 * asked to close its connection itself, it finishes what it is doing first; terminated only if it
 * has not stopped within a second.
 */
export async function stopWorker(worker: Worker): Promise<void> {
  const exited = once(worker, 'exit');
  worker.postMessage({ close: true });
  const timer = setTimeout(() => void worker.terminate(), 1000);
  await exited;
  clearTimeout(timer);
}

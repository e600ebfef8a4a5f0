// The message loop both SQLite worker threads share (sqlite-read-worker.mjs,
// sqlite-checkpoint-worker.mjs), in plain JavaScript like them: { close: true } closes the
// connection and ends the thread (stop-worker.ts); any other request is answered with what
// `answer` returns, or { id, error } with its message when it throws.
import { parentPort } from 'node:worker_threads';

export function serveRequests(database, answer) {
  parentPort.on('message', (request) => {
    if (request.close) {
      database.close();
      parentPort.close();
      return;
    }
    try {
      parentPort.postMessage(answer(request));
    } catch (error) {
      parentPort.postMessage({ id: request.id, error: error instanceof Error ? error.message : String(error) });
    }
  });
}

import { Worker } from 'node:worker_threads';
import { stopWorker } from './stop-worker';

/**
 * SQLite checkpoints off the server's thread. In WAL mode a commit appends its pages to the WAL,
 * and the connection that commits past `wal_autocheckpoint` frames copies them back into the
 * database file inside that commit, fsyncs included. On the server's only thread that was a stall
 * of 30–45 ms every 10,000 frames (some 160 partner placements): every request waited behind it
 * (bench/partner-placement.ts). Here a worker thread with its own connection copies the frames
 * `delayMs` after a commit, while the main thread goes on; the main connection's own automatic
 * checkpoint then finds almost everything copied and only finishes the last frames, which lets its
 * next commit write the WAL from the start again (a PASSIVE checkpoint alone never can while
 * commits keep coming).
 */
export interface BackgroundCheckpoints {
  /** Told after each commit of the main connection: a checkpoint follows within `delayMs`. */
  afterCommit(): void;
  close(): Promise<void>;
}

/** What a checkpoint found: frames in the WAL and how many of them are in the database file. */
export interface CheckpointResult {
  walFrames: number;
  copiedFrames: number;
}

type WorkerReply = CheckpointResult | { error: string };

const WORKER_URL = new URL('./sqlite-checkpoint-worker.mjs', import.meta.url);

export function backgroundCheckpoints(file: string, options: { delayMs: number; onCheckpoint?: (result: CheckpointResult) => void; onError?: (error: Error) => void }): BackgroundCheckpoints {
  let worker: Worker | undefined;
  /** A checkpoint is due or running: later commits are covered by it or by the next. */
  let scheduled = false;
  let closed = false;

  function started(): Worker {
    if (worker) return worker;
    const created = new Worker(WORKER_URL, { workerData: { file }, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    created.on('message', (reply: WorkerReply) => {
      scheduled = false;
      created.unref();
      if ('error' in reply) options.onError?.(new Error(`SQLite checkpoint worker: ${reply.error}`));
      else options.onCheckpoint?.(reply);
    });
    created.on('error', (error) => {
      if (worker === created) worker = undefined;
      scheduled = false;
      options.onError?.(error);
    });
    created.on('exit', () => {
      if (worker === created) worker = undefined;
      scheduled = false;
    });
    // An idle worker must not keep the process alive.
    created.unref();
    worker = created;
    return created;
  }

  return {
    afterCommit() {
      if (scheduled || closed) return;
      scheduled = true;
      const timer = setTimeout(() => {
        if (closed) return;
        const target = started();
        // Held while the checkpoint runs: a process ending now would cut it off.
        target.ref();
        target.postMessage({ checkpoint: true });
      }, options.delayMs);
      timer.unref();
    },
    async close() {
      closed = true;
      const running = worker;
      worker = undefined;
      if (!running) return;
      await stopWorker(running);
    },
  };
}

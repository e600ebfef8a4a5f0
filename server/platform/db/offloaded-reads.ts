import { Worker } from 'node:worker_threads';
import type { Compilable, Kysely } from 'kysely';
import { stopWorker } from './stop-worker';

/**
 * Reads for long, read-only walks (the Excel downloads): a SELECT built with Kysely, answered off
 * the request's path when the database allows it.
 *
 * better-sqlite3 answers on the calling thread, so on SQLite a 100,000-row export used to read for
 * about a second in between writing the workbook, with the server's event loop blocked meanwhile.
 * Here SQLite reads go to a worker thread with its own read-only connection (WAL lets it read
 * while the main connection writes): the next batch is read while the previous one is written.
 * On PostgreSQL the pool's connections already answer off-thread, so reads run on the same Kysely.
 */
export interface OffloadedReads {
  rows<Row>(query: Compilable<Row>): Promise<Row[]>;
  close(): Promise<void>;
}

export function kyselyReads<DB>(db: Kysely<DB>): OffloadedReads {
  return {
    rows: async <Row>(query: Compilable<Row>) => (await db.executeQuery(query.compile())).rows,
    close: async () => {},
  };
}

interface Pending {
  resolve: (rows: never[]) => void;
  reject: (error: Error) => void;
}

type WorkerReply = { id: number; rows: never[] } | { id: number; error: string };

const WORKER_URL = new URL('./sqlite-read-worker.mjs', import.meta.url);
/** The worker's page cache: enough for index pages, small beside the main connection's 128 MB. */
const WORKER_CACHE_KIB = 4 * 1024;

/** SQLite reads on one lazily started worker thread, shared by every download of the server. */
export function sqliteWorkerReads(file: string): OffloadedReads {
  let worker: Worker | undefined;
  let closed = false;
  let nextId = 1;
  const pending = new Map<number, Pending>();

  function failAll(error: Error) {
    for (const waiting of pending.values()) waiting.reject(error);
    pending.clear();
    worker = undefined;
  }

  function started(): Worker {
    if (worker) return worker;
    const created = new Worker(WORKER_URL, { workerData: { file, cacheKib: WORKER_CACHE_KIB }, resourceLimits: { maxYoungGenerationSizeMb: 4 } });
    created.on('message', (reply: WorkerReply) => {
      const waiting = pending.get(reply.id);
      if (!waiting) return;
      pending.delete(reply.id);
      if (pending.size === 0) created.unref();
      if ('error' in reply) waiting.reject(new Error(`SQLite read worker: ${reply.error}`));
      else waiting.resolve(reply.rows);
    });
    created.on('error', (error) => failAll(error));
    created.on('exit', (code) => {
      if (worker === created) failAll(new Error(`SQLite read worker stopped (exit code ${code})`));
    });
    // An idle worker must not keep the process alive; one with work outstanding must.
    created.unref();
    worker = created;
    return created;
  }

  return {
    rows<Row>(query: Compilable<Row>): Promise<Row[]> {
      if (closed) return Promise.reject(new Error('SQLite read worker closed'));
      const { sql, parameters } = query.compile();
      const target = started();
      const id = nextId++;
      return new Promise<Row[]>((resolve, reject) => {
        pending.set(id, { resolve: resolve as (rows: never[]) => void, reject });
        target.ref();
        target.postMessage({ id, sql, parameters });
      });
    },
    async close() {
      closed = true;
      const running = worker;
      worker = undefined;
      if (!running) return;
      failAll(new Error('SQLite read worker closed'));
      await stopWorker(running);
    },
  };
}

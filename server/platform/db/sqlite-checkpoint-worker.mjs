// The checkpoint worker of server/platform/db/sqlite-checkpoints.ts, in plain JavaScript so that
// Node starts it as it is (under tsx, Vitest or plain node alike). Its own connection copies what
// the main connection committed to the WAL into the database file ({ checkpoint: true }, answered
// with SQLite's figures), so that the copying and its fsyncs happen on this thread and not inside
// a request's commit on the server's only thread.
import { workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { serveRequests } from './sqlite-worker-loop.mjs';

const database = new BetterSqlite3(workerData.file, { fileMustExist: true });
// The same durability as the main connection (database.ts): a checkpoint syncs the WAL before it
// copies and the database file after.
database.pragma('synchronous = NORMAL');
// This connection never commits, so it never checkpoints on its own account.
database.pragma('wal_autocheckpoint = 0');

serveRequests(database, () => {
  // PASSIVE: copies what no reader still needs, without waiting for the writer or the readers.
  const [result] = database.pragma('wal_checkpoint(PASSIVE)');
  return { walFrames: result.log, copiedFrames: result.checkpointed };
});

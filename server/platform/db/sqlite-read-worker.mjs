// The SQLite read worker of server/platform/db/offloaded-reads.ts, in plain JavaScript so that Node starts
// it as it is (under tsx, Vitest or plain node alike). Its own read-only connection answers
// { id, sql, parameters } with { id, rows } or { id, error }: an export's next batch is read here
// while the main thread writes the previous one into the workbook, and a long read never blocks
// the server's event loop.
import { workerData } from 'node:worker_threads';
import BetterSqlite3 from 'better-sqlite3';
import { serveRequests } from './sqlite-worker-loop.mjs';

const database = new BetterSqlite3(workerData.file, { readonly: true, fileMustExist: true });
// WAL readers see the last committed state; busy_timeout covers a checkpoint in progress.
database.pragma('busy_timeout = 5000');
// A small cache of its own: an export walks rows once, so a large cache would only hold memory.
database.pragma(`cache_size = -${workerData.cacheKib}`);

const statements = new Map();

function prepared(sql) {
  let statement = statements.get(sql);
  if (!statement) {
    statement = database.prepare(sql);
    if (statements.size >= 64) statements.delete(statements.keys().next().value);
    statements.set(sql, statement);
  }
  return statement;
}

serveRequests(database, (request) => {
  const statement = prepared(request.sql);
  if (!statement.reader) throw new Error('Only SELECT statements run on the read worker.');
  return { id: request.id, rows: statement.all(request.parameters) };
});

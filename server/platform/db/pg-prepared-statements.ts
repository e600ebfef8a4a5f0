import type pg from 'pg';

/**
 * On PostgreSQL most of a short query's cost is planning it: a deposit's detail spent ~0.3 ms a
 * statement parsing and planning against ~0.02 ms executing (bench/load.ts). Kysely sends every
 * query unnamed, so PostgreSQL plans each one anew; here each connection prepares the statements
 * it is sent, named by their SQL text, and reuses them (PostgreSQL then keeps their plans), as
 * statement-cache.ts does for SQLite.
 *
 * - At most `capacity` statements per connection, least recently used deallocated first (IN
 *   lists of every length make new texts).
 * - A prepared `select *` fails with "cached plan must not change result type" once a migration
 *   (of another instance) changed the table: the statement is forgotten and prepared again.
 * - Anything but a plain (text, values) query — a cursor, a config object — passes unchanged.
 */
export function withPreparedStatements(pool: pg.Pool, capacity = 250): pg.Pool {
  let counter = 0;
  pool.on('connect', (client) => {
    const original = client.query.bind(client) as (...args: unknown[]) => Promise<pg.QueryResult>;
    /** SQL text → statement name, least recently used first. */
    const names = new Map<string, string>();
    const parsed = () => (client as unknown as { connection: { parsedStatements: Record<string, string> } }).connection.parsedStatements;

    /** Statements dropped from `names`, deallocated before the connection's next query (one query at a time per connection). */
    const dropped: string[] = [];
    const forget = (text: string) => {
      const name = names.get(text);
      if (!name) return;
      names.delete(text);
      delete parsed()[name];
      dropped.push(name);
    };
    const deallocateDropped = async () => {
      // A failure (in an aborted transaction) only leaves the statement allocated until the connection closes.
      while (dropped.length > 0) await original(`deallocate "${dropped.shift()!}"`).catch(() => undefined);
    };

    const nameFor = (text: string): string => {
      const known = names.get(text);
      if (known) {
        names.delete(text);
        names.set(text, known);
        return known;
      }
      if (names.size >= capacity) forget(names.keys().next().value!);
      counter = (counter + 1) % 1_000_000_000;
      const name = `berjangka_${counter}`;
      names.set(text, name);
      return name;
    };

    const runNamed = async (text: string, values: unknown[]) => {
      const name = nameFor(text);
      await deallocateDropped();
      return original({ name, text, values });
    };

    (client as unknown as { query: unknown }).query = (...args: unknown[]) => {
      const [text, values, callback] = args;
      if (typeof text !== 'string' || !Array.isArray(values) || callback !== undefined) return original(...args);
      return runNamed(text, values).catch((error: unknown) => {
        if ((error as { code?: string }).code !== '0A000' || !/cached plan must not change result type/.test(String((error as Error).message))) throw error;
        forget(text);
        return runNamed(text, values).catch(() => {
          throw error;
        });
      });
    };
  });
  return pool;
}

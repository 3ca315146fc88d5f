import { Client } from 'pg';

/**
 * The statements prepared on one connection, by text, least recently used first: each text gets
 * a name of its own (never reused, so a statement the server still holds can never be mistaken
 * for another), and past `size` texts the least recently used one is given back to be closed.
 */
export class StatementNames {
  private readonly names = new Map<string, string>();
  private next = 0;

  constructor(private readonly size: number) {}

  /** How many statements are named now. */
  get count(): number {
    return this.names.size;
  }

  /** The name to run `text` under, and the name of the statement it pushed out, if any. */
  nameFor(text: string): { name: string; evicted?: string } {
    const known = this.names.get(text);
    if (known !== undefined) {
      // Most recently used last: a Map keeps its insertion order.
      this.names.delete(text);
      this.names.set(text, known);
      return { name: known };
    }
    const name = `s${this.next++}`;
    this.names.set(text, name);
    if (this.names.size <= this.size) {
      return { name };
    }
    const [oldest, evicted] = this.names.entries().next().value as [string, string];
    this.names.delete(oldest);
    return { name, evicted };
  }
}

/** What node-postgres keeps of a connection's prepared statements (not in its typings). */
interface ProtocolConnection {
  parsedStatements: Record<string, string>;
  close(message: { type: 'S'; name: string }): void;
}

/**
 * A node-postgres client that prepares its parameterised statements, as TypeORM's SQLite driver
 * caches its statements: PostgreSQL parses, analyses and (once it finds a generic plan as good
 * as its custom ones) plans each text once per connection rather than on every execution. The
 * most recently used `size` texts stay prepared; a statement pushed out is closed by a Close
 * message sent before the statement that pushed it out (Close never fails, not even in an
 * aborted transaction, and answers nothing the client waits for). Statements without
 * parameters (BEGIN, COMMIT, ROLLBACK…) go as simple queries, as before.
 */
export function preparingClient(size: number): typeof Client {
  return class PreparingClient extends Client {
    private readonly statements = new StatementNames(size);

    // node-postgres' query() has many overloads; TypeORM calls query(text, values), the pool's
    // own query() calls query(text, values, callback).
    override query(...args: unknown[]): never {
      const [text, values, callback] = args;
      if (typeof text === 'string' && Array.isArray(values) && values.length > 0) {
        const { name, evicted } = this.statements.nameFor(text);
        if (evicted !== undefined) {
          const connection = (this as unknown as { connection: ProtocolConnection }).connection;
          delete connection.parsedStatements[evicted];
          connection.close({ type: 'S', name: evicted });
        }
        const named = { name, text, values };
        const rest = typeof callback === 'function' ? [named, callback] : [named];
        return (super.query as (...rest: unknown[]) => never)(...rest);
      }
      return (super.query as (...rest: unknown[]) => never)(...args);
    }
  };
}

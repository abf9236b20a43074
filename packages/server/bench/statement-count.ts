/**
 * Counts what a PostgreSQL client asks of its server, by standing between them: a TCP proxy that forwards
 * every byte untouched and reads the PostgreSQL wire protocol on the way. It counts statements by their
 * first keyword (a simple Query, or an Execute of a parsed statement, named or not) and transactions (each
 * return to idle after at least one statement, so an autocommit statement is one transaction and a
 * BEGIN ... COMMIT block is one). Needs no extension on the server and sees nobody else's traffic.
 */
import net from "node:net";

export interface StatementCounts {
  /** Statements by first keyword (select, insert, update, delete, with, ...), transaction control apart. */
  statements: Record<string, number>;
  /** BEGIN, COMMIT, ROLLBACK, SAVEPOINT, RELEASE. */
  control: number;
  transactions: number;
  /** Transactions that ran an insert, update or delete. */
  writeTransactions: number;
}

const CONTROL = new Set(["begin", "start", "commit", "end", "rollback", "savepoint", "release", "abort"]);
const WRITES = /\b(insert|update|delete|merge)\b/i;
const SSL_REQUEST = 80877103;
const GSS_REQUEST = 80877104;

function verbOf(query: string): string {
  const match = /^[\s(]*([a-zA-Z]+)/.exec(query.replace(/^\s*(--[^\n]*\n\s*)*/, ""));
  const verb = match?.[1]?.toLowerCase() ?? "?";
  return verb === "with" && WRITES.test(query) ? "with (write)" : verb;
}

function cString(buffer: Buffer, start: number): [string, number] {
  const end = buffer.indexOf(0, start);
  return [buffer.toString("utf8", start, end), end + 1];
}

/** What was counted between two snapshots; verbs that did not move are left out. */
export function countsSince(before: StatementCounts, after: StatementCounts): StatementCounts {
  const statements: Record<string, number> = {};
  for (const [verb, count] of Object.entries(after.statements)) {
    const difference = count - (before.statements[verb] ?? 0);
    if (difference !== 0) statements[verb] = difference;
  }
  return {
    statements,
    control: after.control - before.control,
    transactions: after.transactions - before.transactions,
    writeTransactions: after.writeTransactions - before.writeTransactions,
  };
}

export class StatementCounter {
  readonly #server: net.Server;
  readonly #counts: StatementCounts = { statements: {}, control: 0, transactions: 0, writeTransactions: 0 };
  readonly #sockets = new Set<net.Socket>();

  private constructor(server: net.Server) {
    this.#server = server;
  }

  /** A proxy on a free local port in front of the server of `databaseUrl`. */
  static async start(databaseUrl: string): Promise<{ counter: StatementCounter; url: string }> {
    const target = new URL(databaseUrl);
    const server = net.createServer();
    const counter = new StatementCounter(server);
    server.on("connection", (client) => counter.#relay(client, target.hostname, Number(target.port || 5432)));
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    const url = new URL(databaseUrl);
    url.hostname = "127.0.0.1";
    url.port = String((server.address() as net.AddressInfo).port);
    return { counter, url: url.toString() };
  }

  snapshot(): StatementCounts {
    return structuredClone(this.#counts);
  }

  async close(): Promise<void> {
    for (const socket of this.#sockets) socket.destroy();
    await new Promise<void>((resolve) => this.#server.close(() => resolve()));
  }

  #relay(client: net.Socket, host: string, port: number): void {
    const upstream = net.connect({ host, port });
    for (const socket of [client, upstream]) {
      this.#sockets.add(socket);
      socket.on("close", () => this.#sockets.delete(socket));
      socket.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.on("close", () => upstream.destroy());
    upstream.on("close", () => client.destroy());

    const counts = this.#counts;
    const statementVerbs = new Map<string, string>();
    const portalVerbs = new Map<string, string>();
    let ran = 0;
    let wrote = false;
    let serverSkip = 0;
    const statement = (verb: string) => {
      if (CONTROL.has(verb)) {
        counts.control++;
      } else {
        counts.statements[verb] = (counts.statements[verb] ?? 0) + 1;
        if (["insert", "update", "delete", "merge", "with (write)"].includes(verb)) wrote = true;
      }
      ran++;
    };

    let fromClient = Buffer.alloc(0);
    let startup = true;
    client.on("data", (chunk: Buffer) => {
      upstream.write(chunk);
      fromClient = Buffer.concat([fromClient, chunk]);
      for (;;) {
        if (startup) {
          if (fromClient.length < 8) return;
          const length = fromClient.readInt32BE(0);
          if (fromClient.length < length) return;
          const code = fromClient.readInt32BE(4);
          if (code === SSL_REQUEST || code === GSS_REQUEST) serverSkip++;
          else startup = false;
          fromClient = fromClient.subarray(length);
          continue;
        }
        if (fromClient.length < 5) return;
        const length = fromClient.readInt32BE(1);
        if (fromClient.length < length + 1) return;
        const type = String.fromCharCode(fromClient[0] ?? 0);
        const body = fromClient.subarray(5, length + 1);
        fromClient = fromClient.subarray(length + 1);
        if (type === "Q") {
          statement(verbOf(cString(body, 0)[0]));
        } else if (type === "P") {
          const [name, next] = cString(body, 0);
          statementVerbs.set(name, verbOf(cString(body, next)[0]));
        } else if (type === "B") {
          const [portal, next] = cString(body, 0);
          portalVerbs.set(portal, statementVerbs.get(cString(body, next)[0]) ?? "?");
        } else if (type === "E") {
          statement(portalVerbs.get(cString(body, 0)[0]) ?? "?");
        }
      }
    });

    let fromServer = Buffer.alloc(0);
    upstream.on("data", (chunk: Buffer) => {
      client.write(chunk);
      fromServer = Buffer.concat([fromServer, chunk]);
      for (;;) {
        if (serverSkip > 0) {
          if (fromServer.length < 1) return;
          const answer = String.fromCharCode(fromServer[0] ?? 0);
          serverSkip--;
          fromServer = fromServer.subarray(1);
          // An encrypted connection cannot be read: it is cut rather than counted wrong.
          if (answer === "S" || answer === "G") client.destroy();
          continue;
        }
        if (fromServer.length < 5) return;
        const length = fromServer.readInt32BE(1);
        if (fromServer.length < length + 1) return;
        const type = String.fromCharCode(fromServer[0] ?? 0);
        const status = String.fromCharCode(fromServer[5] ?? 0);
        fromServer = fromServer.subarray(length + 1);
        if (type === "Z" && status === "I" && ran > 0) {
          counts.transactions++;
          if (wrote) counts.writeTransactions++;
          ran = 0;
          wrote = false;
        }
      }
    });
  }
}

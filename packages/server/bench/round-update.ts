/**
 * What PostgreSQL spends on the write that follows a debit's answer, the update of the batch's rounds
 * from `initializing` to `settling`, in the shapes the batch has written it in: every column a step may
 * change from a list of values (its state, view and replay log rewritten), the changed columns only from a
 * list of values, and the changed columns from one typed array per column (`unnest`, as now). Rounds are
 * updated 16 to a statement, each statement in a transaction of its own, as a batch of 16 bets in flight
 * does; the shapes take turns, each on rounds of its own, three times.
 *
 * The CPU is the serving backend's own (`/proc/<pid>/stat`), so other databases of the server do not count;
 * it runs in a schema created for the run and dropped after it. Usage:
 *   npx tsx packages/server/bench/round-update.ts [postgres://...] (default: the test database)
 */
import { randomUUID } from "node:crypto";
import { readFileSync } from "node:fs";
import pg from "pg";
import { TEST_DATABASE_URL } from "../../../test-support/services.ts";
import { systemClock } from "../src/clock.ts";
import { openPostgresStore } from "../src/store/database.ts";

const URL = process.argv[2] ?? TEST_DATABASE_URL;
const ROUNDS = 4000;
const PER_STATEMENT = 16;
const PASSES = 3;

const params = { condition: "over", target: 5050 };
const view = {
  roll: "73.21",
  condition: "over",
  target: "50.50",
  winChance: "49.50",
  multiplier: "1.9999",
  multiplierExact: "198/99",
  win: true,
  stake: "100",
  payout: "199",
};
const state = { roll: 7321, params, view };

const CHANGED = ["status", "stake_total", "payout_total", "last_action_at", "close_reason"];
const TYPES: Record<string, string> = {
  id: "uuid",
  status: "text",
  stake_total: "bigint",
  payout_total: "bigint",
  last_action_at: "timestamptz",
  close_reason: "text",
  state: "jsonb",
  view: "jsonb",
  actions: "jsonb",
  random_position: "integer",
  deadline: "timestamptz",
  note: "text",
  closed_at: "timestamptz",
};
const EVERY = [...CHANGED, "state", "view", "actions", "random_position", "deadline", "note", "closed_at"];
const settlingValue = (column: string): unknown =>
  ({
    status: "settling",
    stake_total: 100n,
    payout_total: 199n,
    last_action_at: new Date(),
    close_reason: "completed",
    state: JSON.stringify(state),
    view: JSON.stringify(view),
    actions: "[]",
    random_position: 0,
  })[column] ?? null;

type Shape = "every column, values" | "changed columns, values" | "changed columns, arrays";

function statement(shape: Shape, ids: string[]): { text: string; values: unknown[] } {
  const columns = shape === "every column, values" ? EVERY : CHANGED;
  const set = columns.map((c) => `${c} = v.${c}`).join(", ");
  const names = ["id", ...columns].join(", ");
  const values: unknown[] = [];
  const add = (value: unknown, type: string) => `$${values.push(value)}::${type}`;
  const source =
    shape === "changed columns, arrays"
      ? `unnest(${["id", ...columns]
          .map((c) => add(c === "id" ? ids : ids.map(() => settlingValue(c)), `${TYPES[c]}[]`))
          .join(", ")})`
      : `(values ${ids
          .map(
            (id) =>
              `(${["id", ...columns].map((c) => add(c === "id" ? id : settlingValue(c), TYPES[c] ?? "text")).join(", ")})`,
          )
          .join(", ")})`;
  return {
    text: `with u as (update rounds set ${set} from ${source} as v(${names}) where rounds.id = v.id returning 1) select count(*) from u`,
    values,
  };
}

const schema = `bench_${randomUUID().replaceAll("-", "")}`;
const admin = new pg.Client({ connectionString: URL });
await admin.connect();
await admin.query(`create schema ${schema}`);
// Opening a store migrates the schema: the rounds table as the RGS has it, its indexes included.
const store = await openPostgresStore({
  connectionString: URL,
  clock: systemClock,
  options: `-c search_path=${schema}`,
  maxConnections: 1,
});
await store.close();
const client = new pg.Client({ connectionString: URL, options: `-c search_path=${schema}` });
await client.connect();
const { rows } = await client.query<{ pid: number }>("select pg_backend_pid() as pid");
const pid = rows[0]?.pid;
/** The backend's user and system CPU so far, in ms (the kernel counts it in 10 ms ticks). */
const cpuMs = () => {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10;
};

/** Rounds as the opening inserted them, with their state and view; their foreign keys are not the point. */
async function openedRounds(): Promise<string[]> {
  const ids = Array.from({ length: ROUNDS }, () => randomUUID());
  await client.query("set session_replication_role = replica");
  for (let from = 0; from < ids.length; from += 200) {
    const values: unknown[] = [];
    const rowsText = ids.slice(from, from + 200).map((id) => {
      const b = values.push(id, JSON.stringify(params), JSON.stringify(state), JSON.stringify(view));
      return `($${b - 3}::uuid, gen_random_uuid(), gen_random_uuid(), 'p-' || $${b - 3}::text, 'real', 'dice', 'EUR', 2, 'initializing', 0, 0, $${b - 2}::jsonb, $${b - 1}::jsonb, $${b}::jsonb, '[]', gen_random_uuid(), 0, 0, now(), now())`;
    });
    await client.query(
      `insert into rounds (id, session_id, operator_id, player_id, mode, game_code, currency, decimals, status, stake_total, payout_total, params, state, view, actions, seed_pair_id, nonce, random_position, created_at, last_action_at) values ${rowsText.join(", ")}`,
      values,
    );
  }
  await client.query("set session_replication_role = origin");
  return ids;
}

const SHAPES: Shape[] = ["every column, values", "changed columns, values", "changed columns, arrays"];
const spent = new Map<Shape, number>(SHAPES.map((s) => [s, 0]));
try {
  for (let pass = 0; pass < PASSES; pass++) {
    for (const shape of [...SHAPES.slice(pass), ...SHAPES.slice(0, pass)]) {
      const ids = await openedRounds();
      const from = cpuMs();
      for (let at = 0; at < ids.length; at += PER_STATEMENT) {
        const { text, values } = statement(shape, ids.slice(at, at + PER_STATEMENT));
        await client.query("begin");
        await client.query(text, values);
        await client.query("commit");
      }
      spent.set(shape, (spent.get(shape) ?? 0) + cpuMs() - from);
    }
  }
  console.log(`PostgreSQL backend CPU per round updated, ${PER_STATEMENT} rounds a statement:`);
  for (const shape of SHAPES) {
    console.log(`  ${shape}: ${((spent.get(shape) ?? 0) / (PASSES * ROUNDS)).toFixed(4)} ms`);
  }
} finally {
  await client.end();
  await admin.query(`drop schema ${schema} cascade`);
  await admin.end();
}

import { Refused, Table, time, useLoaded } from "../components.tsx";
import { href } from "../route.ts";

interface OperatorHealth {
  operatorId: string;
  name: string;
  pending: number;
  oldestPendingAt: string | null;
  alerting: number;
  deadLetters: number;
  lastHour: { calls: number; refused: number; failing: number; p50Ms: number | null; p95Ms: number | null };
}

interface StuckRound {
  roundId: string;
  operatorId: string;
  operatorName: string;
  playerId: string;
  gameCode: string;
  status: "initializing" | "open" | "settling";
  lastActionAt: string;
}

interface InstanceHealth {
  id: string;
  host: string;
  pid: number;
  startedAt: string;
  lastSeenAt: string;
  state: "running" | "silent" | "stopped";
  callbacksLeased: number;
  roundsLeased: number;
}

interface OnCallView {
  at: string;
  instances: InstanceHealth[];
  operators: OperatorHealth[];
  stuckRounds: StuckRound[];
}

/** What ends each kind of stuck round, and what a person does when it has not. */
const WHAT_NEXT: Record<StuckRound["status"], string> = {
  settling:
    "Waits for its closing credit or rollback: open its dead letter (Dead letters) to requeue it or record it as paid.",
  open: "Idle past the sweeper's limit: the sweeper settles it with its game's abandon rule; still here, the sweeper is failing (see its logs), or open the round to settle it through that rule.",
  initializing:
    "Its opening debit never finished: the sweeper rolls the debit back; still here, the sweeper is failing (see its logs), or open the round to settle it through that rule.",
};

const percent = (part: number, whole: number) =>
  whole === 0 ? "—" : `${((part * 100) / whole).toFixed(1)} %`;
const ms = (value: number | null) => (value === null ? "—" : `${value} ms`);

const INSTANCE_STATE_CLASS: Record<InstanceHealth["state"], string> = {
  running: "ok",
  silent: "dead",
  stopped: "pending",
};

/** The instances sharing the store, as their heartbeats left them. */
function Instances({ instances }: { instances: InstanceHealth[] }) {
  const running = instances.filter((i) => i.state === "running").length;
  return (
    <>
      <h2>
        Instances ({running} running of {instances.length})
      </h2>
      {instances.length === 0 ? (
        <p>No instance has written a heartbeat in the last day.</p>
      ) : (
        <Table label="Instances">
          <thead>
            <tr>
              <th>Instance</th>
              <th>State</th>
              <th>Last heard</th>
              <th>Host and process</th>
              <th>Started</th>
              <th>Callbacks leased</th>
              <th>Rounds leased</th>
            </tr>
          </thead>
          <tbody>
            {instances.map((i) => (
              <tr key={i.id}>
                <td>
                  <code>{i.id}</code>
                </td>
                <td>
                  <span class={`state ${INSTANCE_STATE_CLASS[i.state]}`}>{i.state}</span>
                </td>
                <td>{time(i.lastSeenAt)}</td>
                <td>
                  {i.host} · {i.pid}
                </td>
                <td>{time(i.startedAt)}</td>
                <td class="num">{i.callbacksLeased}</td>
                <td class="num">{i.roundsLeased}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p class="hint">
        Silent: no heartbeat for 30 s (crashed, frozen or cut off from the database). Its leases run out by
        themselves and another instance takes its callbacks and rounds over. Stopped: shut down cleanly.
      </p>
    </>
  );
}

/** The instances, every operator's outbox, dead letters and wallet hour, and the rounds that should have ended. */
export function OnCall() {
  const { data, error, reload } = useLoaded<OnCallView>("/api/on-call");
  if (error) return <Refused error={error} />;
  if (!data) return <p class="loading">Loading…</p>;
  return (
    <section>
      <h1>On call</h1>
      <p class="hint">
        Read from the database at {time(data.at)}: every instance's work.{" "}
        <button type="button" class="link inline" onClick={reload}>
          Refresh
        </button>
      </p>
      <Instances instances={data.instances} />
      <h2>Operators</h2>
      {data.operators.length === 0 ? (
        <p>No callback waiting and no wallet call in the last hour.</p>
      ) : (
        <Table label="Operators' callbacks and wallets">
          <thead>
            <tr>
              <th>Operator</th>
              <th>Dead letters</th>
              <th>Alerting</th>
              <th>Outbox backlog</th>
              <th>Oldest pending</th>
              <th>Calls (1 h)</th>
              <th>Failing</th>
              <th>Refused</th>
              <th>Confirmed in (p50 / p95)</th>
            </tr>
          </thead>
          <tbody>
            {data.operators.map((o) => (
              <tr key={o.operatorId}>
                <td>{o.name}</td>
                <td class={`num ${o.deadLetters > 0 ? "loss" : ""}`}>{o.deadLetters}</td>
                <td class={`num ${o.alerting > 0 ? "loss" : ""}`}>{o.alerting}</td>
                <td class="num">{o.pending}</td>
                <td>{time(o.oldestPendingAt)}</td>
                <td class="num">{o.lastHour.calls}</td>
                <td class="num">{percent(o.lastHour.failing, o.lastHour.calls)}</td>
                <td class="num">{percent(o.lastHour.refused, o.lastHour.calls)}</td>
                <td class="num">
                  {ms(o.lastHour.p50Ms)} / {ms(o.lastHour.p95Ms)}
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <p class="hint">
        Failing: calls that needed more than one attempt or ended ambiguous or dead. Refused: the wallet said
        no (a bet it would not take). Confirmed in: from the call's creation to the wallet's confirmation.
      </p>
      <h2>Stuck rounds ({data.stuckRounds.length})</h2>
      {data.stuckRounds.length === 0 ? (
        <p>No round is past its limit.</p>
      ) : (
        <Table label="Stuck rounds">
          <thead>
            <tr>
              <th>Last action</th>
              <th>Round</th>
              <th>Operator</th>
              <th>Status</th>
              <th>Game</th>
              <th>What ends it</th>
            </tr>
          </thead>
          <tbody>
            {data.stuckRounds.map((r) => (
              <tr key={r.roundId}>
                <td>{time(r.lastActionAt)}</td>
                <td>
                  <a href={href("rounds", r.operatorId, r.roundId)}>{r.roundId.slice(0, 8)}</a>
                </td>
                <td>{r.operatorName}</td>
                <td>
                  <span class={`state ${r.status === "settling" ? "pending" : "dead"}`}>{r.status}</span>
                </td>
                <td>{r.gameCode}</td>
                <td class="wrap">{WHAT_NEXT[r.status]}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

import type { User } from "../api.ts";
import { Refused, Table, time, useLoaded } from "../components.tsx";
import { CallbackRequests } from "./CallbackRequests.tsx";
import { type CallbackAttempts, CallbackTimeline } from "./CallbackTimeline.tsx";
import { SettleRound } from "./SettleRound.tsx";

export interface RoundTransaction {
  transactionId: string;
  kind: string;
  amount: string;
  state: string;
  attempts: number;
  lastStatus: string | null;
  createdAt: string;
  confirmedAt: string | null;
}

interface RoundDetail {
  roundId: string;
  playerId: string;
  gameCode: string;
  currency: string;
  status: string;
  stake: string;
  payout: string;
  startedAt: string;
  lastActionAt: string;
  closedAt: string | null;
  fairness: { serverSeedHash: string; serverSeed?: string; clientSeed: string; nonce: number };
  replayUrl?: string;
  transactions: RoundTransaction[];
}

/**
 * One round: its facts, the timeline of its wallet callbacks (each with every attempt, its latency and the
 * wallet's answer or what went wrong, and the request every attempt sent, its session token redacted;
 * signatures are never stored, so never shown), its fairness data and its replay; a stuck round, how to
 * settle it.
 */
export function Round({ user, operatorId, roundId }: { user: User; operatorId: string; roundId: string }) {
  const { data, error } = useLoaded<{
    round: RoundDetail;
    attempts: Record<string, CallbackAttempts>;
    stuck: boolean;
  }>(`/api/operators/${operatorId}/rounds/${roundId}`);
  if (error) return <Refused error={error} />;
  if (!data) return <p class="loading">Loading…</p>;
  const r = data.round;
  return (
    <section>
      <h1>Round {r.roundId}</h1>
      <dl class="facts">
        <dt>Player</dt>
        <dd>{r.playerId}</dd>
        <dt>Game</dt>
        <dd>{r.gameCode}</dd>
        <dt>Status</dt>
        <dd>{r.status}</dd>
        <dt>Stake</dt>
        <dd>
          {r.stake} {r.currency}
        </dd>
        <dt>Payout</dt>
        <dd>
          {r.payout} {r.currency}
        </dd>
        <dt>Started</dt>
        <dd>{time(r.startedAt)}</dd>
        <dt>Closed</dt>
        <dd>{time(r.closedAt)}</dd>
      </dl>
      {data.stuck ? <SettleRound user={user} operatorId={operatorId} roundId={r.roundId} /> : null}
      <h2>Wallet callbacks</h2>
      <Table label="Wallet callbacks of the round">
        <thead>
          <tr>
            <th>Written</th>
            <th>Kind</th>
            <th>Amount</th>
            <th>State</th>
            <th>Attempts</th>
            <th>Last answer</th>
            <th>Confirmed</th>
            <th>Transaction</th>
          </tr>
        </thead>
        <tbody>
          {r.transactions.map((t) => (
            <tr key={t.transactionId}>
              <td>{time(t.createdAt)}</td>
              <td>{t.kind}</td>
              <td class="num">
                {t.amount} {r.currency}
              </td>
              <td>
                <span class={`state ${t.state}`}>{t.state}</span>
              </td>
              <td class="num">{t.attempts}</td>
              <td>{t.lastStatus ?? "—"}</td>
              <td>{time(t.confirmedAt)}</td>
              <td>
                <code>{t.transactionId}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      <h2>Timeline</h2>
      <CallbackTimeline transactions={r.transactions} attempts={data.attempts} />
      <h2>Requests</h2>
      <CallbackRequests transactions={r.transactions} attempts={data.attempts} />
      <h2>Fairness</h2>
      <dl class="facts">
        <dt>Server seed hash</dt>
        <dd>
          <code>{r.fairness.serverSeedHash}</code>
        </dd>
        <dt>Server seed</dt>
        <dd>
          {r.fairness.serverSeed ? <code>{r.fairness.serverSeed}</code> : "not revealed yet (pair in use)"}
        </dd>
        <dt>Client seed</dt>
        <dd>
          <code>{r.fairness.clientSeed}</code>
        </dd>
        <dt>Nonce</dt>
        <dd>{r.fairness.nonce}</dd>
      </dl>
      {r.replayUrl ? (
        <p>
          <a href={r.replayUrl} target="_blank" rel="noopener noreferrer">
            Open the replay
          </a>
        </p>
      ) : (
        <p>The replay opens once the round is finished.</p>
      )}
    </section>
  );
}

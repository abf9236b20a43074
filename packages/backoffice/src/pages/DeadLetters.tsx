import { Refused, Table, time, useLoaded } from "../components.tsx";
import { href } from "../route.ts";

export interface Callback {
  transactionId: string;
  roundId: string;
  operatorId: string;
  playerId: string;
  gameCode: string;
  kind: string;
  amount: string;
  currency: string;
  roundClosed: boolean;
  state: string;
  attempts: number;
  lastError: string | null;
  createdAt: string;
  resolvedAt: string | null;
  resolvedBy: string | null;
  /** The new credit with its own transaction ID sent in place of this one. */
  replacedBy: string | null;
}

/** Credits and rollbacks the outbox could not deliver alone: refused (dead) or failing past the alert age. */
export function DeadLetters() {
  const { data, error } = useLoaded<{ callbacks: Callback[] }>("/api/callbacks");
  if (error) return <Refused error={error} />;
  if (!data) return <p class="loading">Loading…</p>;
  return (
    <section>
      <h1>Dead letters</h1>
      <p class="hint">
        A credit or rollback the wallet refused, or one still failing after the alert age. Open one to see
        what each action means for the player.
      </p>
      {data.callbacks.length === 0 ? (
        <p>No callbacks need attention.</p>
      ) : (
        <Table label="Callbacks that need a person">
          <thead>
            <tr>
              <th>Stored</th>
              <th>State</th>
              <th>Kind</th>
              <th>Amount</th>
              <th>Player</th>
              <th>Attempts</th>
              <th>Last error</th>
            </tr>
          </thead>
          <tbody>
            {data.callbacks.map((c) => (
              <tr key={c.transactionId}>
                <td>
                  <a href={href("dead-letters", c.transactionId)}>{time(c.createdAt)}</a>
                </td>
                <td>
                  <span class={`state ${c.state}`}>{c.state}</span>
                </td>
                <td>{c.kind}</td>
                <td class="num">
                  {c.amount} {c.currency}
                </td>
                <td>{c.playerId}</td>
                <td class="num">{c.attempts}</td>
                <td>{c.lastError ?? "—"}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

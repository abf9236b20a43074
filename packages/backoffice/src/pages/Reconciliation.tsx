import { useState } from "preact/hooks";
import { api, type User } from "../api.ts";
import { CurrencyField, OperatorPicker, Refused, Table, time } from "../components.tsx";
import { href } from "../route.ts";
import { isoDay } from "./Reports.tsx";

interface Entry {
  transactionId: string;
  kind: string;
  amount: string;
  roundId: string;
  playerId: string;
  gameCode: string;
  confirmedAt: string | null;
  state: string;
  counted: string;
  walletStatus: string | null;
}

interface Day {
  date: string;
  timeZone: string;
  start: string;
  end: string;
  currency: string;
  final: boolean;
  totals: {
    bets: string;
    wins: string;
    ggr: string;
    bonusWins: string;
    debits: number;
    credits: number;
    rollbacks: number;
  };
  digest: string;
  transactions: Entry[];
  unsettled: Entry[];
  resolvedByHand: Entry[];
}

/** The most callbacks listed on the page; the CSV has them all. */
const SHOWN = 100;

/** One day of the operator's callbacks in its own zone, per currency, to match with the wallet's ledger. */
export function Reconciliation({ user }: { user: User }) {
  const [operatorId, setOperatorId] = useState(user.operatorId ?? "");
  const [answer, setAnswer] = useState<{ days: Day[]; query: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const show = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const query = new URLSearchParams({ date: String(form.get("date") ?? "") });
    const currency = String(form.get("currency") ?? "").trim();
    if (currency !== "") query.set("currency", currency);
    try {
      setError(null);
      const { days } = await api<{ days: Day[] }>(
        "GET",
        `/api/operators/${operatorId}/reconciliation?${query}`,
      );
      setAnswer({ days, query: query.toString() });
    } catch (failure) {
      setError(failure);
      setAnswer(null);
    }
  };
  return (
    <section>
      <h1>Reconciliation</h1>
      <form class="filters" onSubmit={show}>
        <OperatorPicker value={operatorId} onChange={setOperatorId} />
        <label>
          Day
          <input name="date" type="date" required defaultValue={isoDay(Date.now())} />
        </label>
        <CurrencyField />
        <button type="submit" disabled={!operatorId}>
          Reconcile
        </button>
      </form>
      <Refused error={error} />
      {answer && (
        <>
          <p class="hint">
            Every real-money callback the wallet confirmed that day, matched on transactionId.{" "}
            <a href={`/api/operators/${operatorId}/reconciliation.csv?${answer.query}`} download>
              Download CSV
            </a>
          </p>
          {answer.days.length === 0 ? <p>No real-money callback that day.</p> : null}
          {answer.days.map((day) => (
            <DayOf key={day.currency} day={day} operatorId={operatorId} />
          ))}
        </>
      )}
    </section>
  );
}

function DayOf({ day, operatorId }: { day: Day; operatorId: string }) {
  const { totals } = day;
  return (
    <article aria-label={`${day.date} in ${day.currency}`}>
      <h2>
        {day.date} · {day.currency}{" "}
        <span class={`state ${day.final ? "ok" : "pending"}`}>{day.final ? "final" : "not final"}</span>
      </h2>
      <dl class="facts">
        <dt>Day</dt>
        <dd>
          {time(day.start)} to {time(day.end)} ({day.timeZone})
        </dd>
        <dt>Bets · wins · GGR</dt>
        <dd>
          {totals.bets} · {totals.wins} · <strong>{totals.ggr}</strong> {day.currency}
        </dd>
        <dt>Bonus wins (free rounds)</dt>
        <dd>
          {totals.bonusWins} {day.currency}
        </dd>
        <dt>Confirmed</dt>
        <dd>
          {totals.debits} debits, {totals.credits} credits, {totals.rollbacks} rollbacks
        </dd>
        <dt>Digest</dt>
        <dd>
          <code>{day.digest}</code>
        </dd>
      </dl>
      {!day.final && (
        <p class="hint">
          {day.unsettled.length === 1
            ? "1 callback of the day is not settled yet: the day is final once it is."
            : day.unsettled.length > 1
              ? `${day.unsettled.length} callbacks of the day are not settled yet: the day is final once none is left.`
              : "The day is not over yet (or its last minute is still settling)."}
        </p>
      )}
      {day.unsettled.length > 0 && (
        <Entries label="Unsettled callbacks" entries={day.unsettled} operatorId={operatorId} />
      )}
      {day.resolvedByHand.length > 0 && (
        <Entries label="Resolved by hand" entries={day.resolvedByHand} operatorId={operatorId} />
      )}
      <Entries label="Confirmed callbacks" entries={day.transactions} operatorId={operatorId} />
    </article>
  );
}

function Entries(props: { label: string; entries: Entry[]; operatorId: string }) {
  const shown = props.entries.slice(0, SHOWN);
  return (
    <>
      <h3>
        {props.label} ({props.entries.length})
      </h3>
      {props.entries.length > SHOWN && <p class="hint">The first {SHOWN}; the CSV has every one.</p>}
      <Table label={props.label}>
        <thead>
          <tr>
            <th>Confirmed</th>
            <th>Kind</th>
            <th>Amount</th>
            <th>Counted</th>
            <th>State</th>
            <th>Round</th>
            <th>Player</th>
            <th>Transaction</th>
          </tr>
        </thead>
        <tbody>
          {shown.map((e) => (
            <tr key={e.transactionId}>
              <td>{time(e.confirmedAt)}</td>
              <td>{e.kind}</td>
              <td class="num">{e.amount}</td>
              <td>{e.counted}</td>
              <td>
                {e.state === "dead_letter" ? (
                  <a href={href("dead-letters", e.transactionId)}>dead letter</a>
                ) : (
                  e.state
                )}
              </td>
              <td>
                <a href={href("rounds", props.operatorId, e.roundId)}>{e.roundId.slice(0, 8)}</a>
              </td>
              <td>{e.playerId}</td>
              <td>
                <code>{e.transactionId}</code>
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
    </>
  );
}

import { useState } from "preact/hooks";
import { api, can, type User } from "../api.ts";
import { Refused, time, useLoaded } from "../components.tsx";
import { href } from "../route.ts";
import type { Callback } from "./DeadLetters.tsx";

interface Detail {
  callback: Callback;
  actions: { action: string; meaning: string }[];
}

const TITLES: Record<string, string> = {
  requeue: "Not applied: send it again",
  replace: "Not applied: send a new credit in its place",
  mark_applied: "Applied: record it as paid",
};

/**
 * One dead letter, the money meaning of each action spelled out, and the request of one: a reason, a
 * confirmation of what the player gains or loses, then a second platform admin's approval.
 */
export function DeadLetter({ user, transactionId }: { user: User; transactionId: string }) {
  const { data, error } = useLoaded<Detail>(`/api/callbacks/${encodeURIComponent(transactionId)}`);
  const [chosen, setChosen] = useState("");
  const [refusal, setRefusal] = useState<unknown>(null);
  const [requested, setRequested] = useState(false);
  if (error) return <Refused error={error} />;
  if (!data) return <p class="loading">Loading…</p>;
  const c = data.callback;
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      await api("POST", `/api/callbacks/${encodeURIComponent(transactionId)}/actions`, {
        action: chosen,
        reason: form.get("reason"),
        confirmed: form.get("confirmed") === "yes",
      });
      setRequested(true);
    } catch (failure) {
      setRefusal(failure);
    }
  };
  const meaning = data.actions.find((a) => a.action === chosen)?.meaning;
  return (
    <section>
      <h1>
        {c.kind} of {c.amount} {c.currency}
      </h1>
      <dl class="facts">
        <dt>State</dt>
        <dd>
          <span class={`state ${c.state}`}>{c.state}</span>
        </dd>
        <dt>Player</dt>
        <dd>{c.playerId}</dd>
        <dt>Round</dt>
        <dd>
          <a href={href("rounds", c.operatorId, c.roundId)}>{c.roundId}</a>
          {c.roundClosed ? " (this callback closes it)" : ""}
        </dd>
        {c.replacedBy ? (
          <>
            <dt>Replaced by</dt>
            <dd>
              <a href={href("dead-letters", c.replacedBy)}>
                <code>{c.replacedBy}</code>
              </a>
            </dd>
          </>
        ) : null}
        <dt>Attempts</dt>
        <dd>{c.attempts}</dd>
        <dt>Last error</dt>
        <dd>{c.lastError ?? "—"}</dd>
        <dt>Stored</dt>
        <dd>{time(c.createdAt)}</dd>
        <dt>Transaction</dt>
        <dd>
          <code>{c.transactionId}</code>
        </dd>
      </dl>
      <h2>What can be done</h2>
      <ul class="meanings">
        {data.actions.map((a) => (
          <li key={a.action}>
            <strong>{TITLES[a.action] ?? a.action}.</strong> {a.meaning}
          </li>
        ))}
      </ul>
      {data.actions.length === 0 ? (
        <p class="hint">
          Nothing: this {c.kind} is {c.state}, and no person needs to act on it.
        </p>
      ) : !can.requestMoneyAction(user) ? (
        <p class="hint">Your role reads dead letters; an operator admin or a platform admin acts on them.</p>
      ) : requested ? (
        <p class="done" role="status">
          Requested. It takes effect once a second platform admin approves it on the{" "}
          <a href={href("approvals")}>Approvals</a> page.
        </p>
      ) : (
        <form class="action" onSubmit={submit}>
          <fieldset>
            <legend>Action</legend>
            {data.actions.map((a) => (
              <label key={a.action} class="choice">
                <input
                  type="radio"
                  name="action"
                  value={a.action}
                  checked={chosen === a.action}
                  onChange={() => setChosen(a.action)}
                />
                {TITLES[a.action] ?? a.action}
              </label>
            ))}
          </fieldset>
          <label>
            Reason (kept in the audit trail)
            <textarea name="reason" rows={3} required maxLength={2000} />
          </label>
          {meaning ? (
            <label class="choice confirm">
              <input type="checkbox" name="confirmed" value="yes" required />I confirm: {meaning}
            </label>
          ) : null}
          <button type="submit" disabled={!chosen}>
            Ask for approval
          </button>
          <Refused error={refusal} />
        </form>
      )}
    </section>
  );
}

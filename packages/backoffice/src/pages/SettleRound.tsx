import { useState } from "preact/hooks";
import { ApiError, api, can, type User } from "../api.ts";
import { Refused, useLoaded } from "../components.tsx";
import { href } from "../route.ts";

interface Settlement {
  roundId: string;
  status: string;
  meaning: string;
}

/**
 * A stuck round's settlement through the sweeper's abandon rule: what it gives the player, then the request
 * (a reason, the confirmation of that sentence), which takes effect once a second platform admin approves.
 * A round still within the sweeper's limit shows nothing: it is the sweeper's, or the player's, to end.
 */
export function SettleRound({
  user,
  operatorId,
  roundId,
}: {
  user: User;
  operatorId: string;
  roundId: string;
}) {
  const path = `/api/operators/${operatorId}/rounds/${roundId}/settlement`;
  const { data, error } = useLoaded<{ settlement: Settlement }>(path);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [requested, setRequested] = useState(false);
  if (error instanceof ApiError && error.refusal.code === "round_not_stuck") return null;
  if (error) return <Refused error={error} />;
  if (!data) return null;
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      await api("POST", path, { reason: form.get("reason"), confirmed: form.get("confirmed") === "yes" });
      setRequested(true);
    } catch (failure) {
      setRefusal(failure);
    }
  };
  return (
    <section class="settle" aria-labelledby="settle-title">
      <h2 id="settle-title">Stuck: settle through the abandon rule</h2>
      <p class="meaning">{data.settlement.meaning}</p>
      {!can.requestMoneyAction(user) ? (
        <p class="hint">
          Your role reads rounds; an operator admin or a platform admin asks for a settlement.
        </p>
      ) : requested ? (
        <p class="done" role="status">
          Requested. It takes effect once a second platform admin approves it on the{" "}
          <a href={href("approvals")}>Approvals</a> page.
        </p>
      ) : (
        <form class="action" onSubmit={submit}>
          <label>
            Reason (kept in the audit trail)
            <textarea name="reason" rows={3} required maxLength={2000} />
          </label>
          <label class="choice confirm">
            <input type="checkbox" name="confirmed" value="yes" required />I confirm:{" "}
            {data.settlement.meaning}
          </label>
          <button type="submit">Ask for approval</button>
          <Refused error={refusal} />
        </form>
      )}
    </section>
  );
}

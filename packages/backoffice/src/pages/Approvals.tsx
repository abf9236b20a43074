import { useState } from "preact/hooks";
import { api, can, type User } from "../api.ts";
import { Refused, time, useLoaded } from "../components.tsx";
import { href } from "../route.ts";

interface Approval {
  id: string;
  action: string;
  /** The callback acted on; null when a stuck round is settled. */
  transactionId: string | null;
  roundId: string;
  operatorId: string;
  reason: string;
  meaning: string;
  requestedBy: string;
  requestedAt: string;
  status: string;
  decidedBy: string | null;
  decidedAt: string | null;
  outcome: string | null;
}

/** Money actions waiting for a second platform admin, and those decided. */
export function Approvals({ user }: { user: User }) {
  const { data, error, reload } = useLoaded<{ approvals: Approval[] }>("/api/approvals");
  const [refusal, setRefusal] = useState<unknown>(null);
  if (error) return <Refused error={error} />;
  if (!data) return <p class="loading">Loading…</p>;
  const decide = async (approval: Approval, verdict: "approve" | "reject") => {
    const reason = verdict === "reject" ? prompt("Why is it rejected?") : undefined;
    if (reason === null) return;
    try {
      setRefusal(null);
      await api("POST", `/api/approvals/${approval.id}/${verdict}`, verdict === "reject" ? { reason } : {});
      reload();
    } catch (failure) {
      setRefusal(failure);
    }
  };
  return (
    <section>
      <h1>Approvals</h1>
      <Refused error={refusal} />
      {data.approvals.length === 0 ? <p>No money actions were asked for.</p> : null}
      <ul class="cards">
        {data.approvals.map((a) => (
          <li key={a.id} class={`card ${a.status}`}>
            <p>
              <span class={`state ${a.status}`}>{a.status}</span>{" "}
              <strong>{a.action.replaceAll("_", " ")}</strong> on{" "}
              {a.transactionId === null ? (
                <a href={href("rounds", a.operatorId, a.roundId)}>round {a.roundId.slice(0, 8)}</a>
              ) : (
                <a href={href("dead-letters", a.transactionId)}>{a.transactionId.slice(0, 8)}</a>
              )}{" "}
              asked by {a.requestedBy} at {time(a.requestedAt)}
            </p>
            <p class="meaning">{a.meaning}</p>
            <p>Reason: {a.reason}</p>
            {a.decidedBy ? (
              <p>
                Decided by {a.decidedBy} at {time(a.decidedAt)}: {a.outcome}
              </p>
            ) : null}
            {a.status === "pending" && can.decideApproval(user) && a.requestedBy !== user.username ? (
              <p class="buttons">
                <button type="button" onClick={() => decide(a, "approve")}>
                  Approve
                </button>
                <button type="button" class="secondary" onClick={() => decide(a, "reject")}>
                  Reject
                </button>
              </p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

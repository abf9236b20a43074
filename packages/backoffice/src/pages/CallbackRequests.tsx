import type { CallbackAttempts } from "./CallbackTimeline.tsx";
import type { RoundTransaction } from "./Round.tsx";

/** A callback's body as the server lets a person see it: parsed with its secrets replaced, or cut text. */
export type RequestView = { json: unknown } | { text: string; cut: boolean };

/**
 * The body each of the round's callbacks sent (every attempt resends it byte for byte), folded until opened so
 * the timeline stays short. The server has already replaced the session token; the signature travels only in
 * the headers of each send and is never stored.
 */
export function CallbackRequests({
  transactions,
  attempts,
}: {
  transactions: RoundTransaction[];
  attempts: Record<string, CallbackAttempts | undefined>;
}) {
  return (
    <section aria-label="Requests of the round's callbacks">
      <p class="hint">
        Each request as sent, pretty-printed, with the player's session token replaced by [redacted]. Every
        send is signed afresh in its headers (X-Operator-ID, X-Timestamp, X-HMAC-SHA256); those headers are
        never stored, so no signature can be shown.
      </p>
      {transactions.map((t) => (
        <details key={t.transactionId} class="panel request">
          <summary>
            {t.kind} request <code>{t.transactionId}</code>
          </summary>
          <RequestBody view={attempts[t.transactionId]?.request} />
        </details>
      ))}
    </section>
  );
}

function RequestBody({ view }: { view: RequestView | undefined }) {
  if (view === undefined) return <p>The request is not kept any more.</p>;
  if ("json" in view) return <pre>{JSON.stringify(view.json, null, 2)}</pre>;
  return (
    <>
      <p>Not JSON: shown as text{view.cut ? ", cut short" : ""}.</p>
      <pre>{view.text}</pre>
    </>
  );
}

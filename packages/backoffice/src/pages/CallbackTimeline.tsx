import { Table, time } from "../components.tsx";
import type { RequestView } from "./CallbackRequests.tsx";
import type { RoundTransaction } from "./Round.tsx";

/** A send that got no clear answer, as the server kept it (the first few of a callback). */
interface FailedAttempt {
  attempt: number;
  sentAt: string;
  latencyMs: number;
  httpStatus: number | null;
  error: string;
  answer: string | null;
}

export interface CallbackAttempts {
  latencyMs: number | null;
  failed: FailedAttempt[];
  request: RequestView;
}

/** States in which the wallet's last answer settled the callback, so its last attempt is the answered one. */
const ANSWERED = new Set(["ok", "refused", "dead"]);

const ms = (value: number | null) => (value === null ? "—" : `${value} ms`);

/**
 * Every attempt of each of the round's callbacks, in order: the failed ones (when sent, how long, HTTP
 * status, what went wrong and the answer as received, cut short), a count of those not kept, and last the
 * attempt that got the wallet's answer (when it was recorded).
 */
export function CallbackTimeline({
  transactions,
  attempts,
}: {
  transactions: RoundTransaction[];
  attempts: Record<string, CallbackAttempts>;
}) {
  return (
    <Table label="Attempts of the round's callbacks">
      <thead>
        <tr>
          <th>Callback</th>
          <th>Attempt</th>
          <th>When</th>
          <th>Latency</th>
          <th>Answer or error</th>
        </tr>
      </thead>
      <tbody>
        {transactions.map((t) => (
          <CallbackRows key={t.transactionId} t={t} attempts={attempts[t.transactionId]} />
        ))}
      </tbody>
    </Table>
  );
}

function CallbackRows({ t, attempts }: { t: RoundTransaction; attempts: CallbackAttempts | undefined }) {
  const failed = attempts?.failed ?? [];
  const answered = ANSWERED.has(t.state) && t.lastStatus !== null;
  const unkept = t.attempts - failed.length - (answered ? 1 : 0);
  const callback = `${t.kind} ${t.transactionId.slice(0, 8)}`;
  return (
    <>
      {failed.map((a) => (
        <tr key={a.attempt} class="attempt failed">
          <td>{callback}</td>
          <td class="num">{a.attempt}</td>
          <td>{time(a.sentAt)}</td>
          <td class="num">{ms(a.latencyMs)}</td>
          <td class="answer">
            {a.httpStatus !== null ? <span class="http">HTTP {a.httpStatus}</span> : null}
            <span class="state failed">{a.error}</span>
            {a.answer !== null && a.answer !== "" ? <code>{a.answer}</code> : null}
          </td>
        </tr>
      ))}
      {unkept > 0 ? (
        <tr class="attempt">
          <td>{callback}</td>
          <td colSpan={4}>
            {unkept} more failed {unkept === 1 ? "attempt" : "attempts"}, counted but not kept
          </td>
        </tr>
      ) : null}
      {answered ? (
        <tr class="attempt answered">
          <td>{callback}</td>
          <td class="num">{t.attempts}</td>
          <td>{time(t.confirmedAt)}</td>
          <td class="num">{ms(attempts?.latencyMs ?? null)}</td>
          <td class="answer">
            <span class={`state ${t.state}`}>{t.lastStatus}</span>
          </td>
        </tr>
      ) : null}
    </>
  );
}

import { useState } from "preact/hooks";
import { api, type User } from "../api.ts";
import { OperatorPicker, Refused, Table, time } from "../components.tsx";
import { href } from "../route.ts";

interface FoundRound {
  roundId: string;
  playerId: string;
  gameCode: string;
  currency: string;
  status: string;
  stake: string;
  payout: string;
  startedAt: string;
}

const STATUSES = ["", "open", "settling", "closed", "cancelled"];
const localInput = (ms: number) =>
  new Date(ms - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 16);

/** The rounds search of the reporting API, by player, round and time. */
export function Rounds({ user }: { user: User }) {
  const [operatorId, setOperatorId] = useState(user.operatorId ?? "");
  const [rounds, setRounds] = useState<FoundRound[] | null>(null);
  const [error, setError] = useState<unknown>(null);
  const search = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const text = (name: string) => String(form.get(name) ?? "").trim();
    const roundId = text("roundId");
    const body = {
      ...(text("playerId") && { playerId: text("playerId") }),
      ...(roundId
        ? { roundId }
        : { from: new Date(text("from")).toISOString(), to: new Date(text("to")).toISOString() }),
      ...(text("status") && { status: text("status") }),
      limit: 50,
    };
    try {
      setError(null);
      const answer = await api<{ rounds: FoundRound[] }>(
        "POST",
        `/api/operators/${operatorId}/rounds/search`,
        body,
      );
      setRounds(answer.rounds);
    } catch (failure) {
      setError(failure);
      setRounds(null);
    }
  };
  return (
    <section>
      <h1>Rounds</h1>
      <form class="filters" onSubmit={search}>
        <OperatorPicker value={operatorId} onChange={setOperatorId} />
        <label>
          Player ID
          <input name="playerId" />
        </label>
        <label>
          Round ID
          <input name="roundId" />
        </label>
        <label>
          From
          <input name="from" type="datetime-local" defaultValue={localInput(Date.now() - 86_400_000)} />
        </label>
        <label>
          To
          <input name="to" type="datetime-local" defaultValue={localInput(Date.now() + 60_000)} />
        </label>
        <label>
          Status
          <select name="status">
            {STATUSES.map((s) => (
              <option key={s} value={s}>
                {s || "any"}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" disabled={!operatorId}>
          Search
        </button>
      </form>
      <Refused error={error} />
      {rounds === null ? null : rounds.length === 0 ? (
        <p>No rounds match.</p>
      ) : (
        <Table label="Rounds found">
          <thead>
            <tr>
              <th>Started</th>
              <th>Round</th>
              <th>Player</th>
              <th>Game</th>
              <th>Stake</th>
              <th>Payout</th>
              <th>Status</th>
            </tr>
          </thead>
          <tbody>
            {rounds.map((r) => (
              <tr key={r.roundId}>
                <td>{time(r.startedAt)}</td>
                <td>
                  <a href={href("rounds", operatorId, r.roundId)}>{r.roundId.slice(0, 8)}</a>
                </td>
                <td>{r.playerId}</td>
                <td>{r.gameCode}</td>
                <td class="num">
                  {r.stake} {r.currency}
                </td>
                <td class="num">
                  {r.payout} {r.currency}
                </td>
                <td>{r.status}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

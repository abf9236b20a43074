import { useState } from "preact/hooks";
import { fromMinor, scaleOf, toMinor } from "../amounts.ts";
import { api, type User } from "../api.ts";
import { CurrencyField, OperatorPicker, Refused, Table, time, useLoaded } from "../components.tsx";
import { isoDay } from "./Reports.tsx";

interface Campaign {
  campaignId: string;
  reference: string;
  gameCodes: string[];
  currency: string;
  bet: string;
  roundsPerPlayer: number;
  startsAt: string;
  endsAt: string;
  status: "scheduled" | "active" | "ended" | "cancelled";
  grants: number;
  roundsGranted: number;
  roundsPlayed: number;
  paid: string;
}

interface FreeRoundReport {
  timeZone: string;
  periods: {
    period: string;
    rows: {
      campaignId: string;
      reference: string;
      currency: string;
      roundsPlayed: number;
      paid: string;
      players: number;
    }[];
  }[];
}

const DAY = 86_400_000;
const STATE_CLASS: Record<Campaign["status"], string> = {
  active: "ok",
  scheduled: "pending",
  ended: "",
  cancelled: "refused",
};

/** The operator's free-round campaigns, then their rounds and payouts by day over a range, and its CSV. */
export function FreeRounds({ user }: { user: User }) {
  const [operatorId, setOperatorId] = useState(user.operatorId ?? "");
  const listed = useLoaded<{ campaigns: Campaign[]; more: boolean }>(
    operatorId ? `/api/operators/${operatorId}/campaigns` : undefined,
  );
  const [answer, setAnswer] = useState<{ report: FreeRoundReport; query: string } | null>(null);
  const [error, setError] = useState<unknown>(null);
  const show = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const query = new URLSearchParams();
    for (const name of ["from", "to", "campaign", "currency"]) {
      const value = String(form.get(name) ?? "").trim();
      if (value !== "") query.set(name, value);
    }
    try {
      setError(null);
      const path = `/api/operators/${operatorId}/reports/free-rounds?${query}`;
      setAnswer({ report: await api<FreeRoundReport>("GET", path), query: query.toString() });
    } catch (failure) {
      setError(failure);
      setAnswer(null);
    }
  };
  const campaigns = listed.data?.campaigns ?? [];
  return (
    <section>
      <h1>Free rounds</h1>
      <div class="filters">
        <OperatorPicker value={operatorId} onChange={setOperatorId} />
      </div>
      <Refused error={listed.error} />
      {listed.data && <Campaigns campaigns={campaigns} more={listed.data.more} />}
      <h2>By day</h2>
      <form class="filters" onSubmit={show}>
        <label>
          From
          <input name="from" type="date" required defaultValue={isoDay(Date.now() - 6 * DAY)} />
        </label>
        <label>
          To
          <input name="to" type="date" required defaultValue={isoDay(Date.now())} />
        </label>
        <label>
          Campaign
          <select name="campaign">
            <option value="">every campaign</option>
            {campaigns.map((c) => (
              <option key={c.campaignId} value={c.campaignId}>
                {c.reference}
              </option>
            ))}
          </select>
        </label>
        <CurrencyField />
        <button type="submit" disabled={!operatorId}>
          Show
        </button>
      </form>
      <Refused error={error} />
      {answer && (
        <Report
          report={answer.report}
          csv={`/api/operators/${operatorId}/reports/free-rounds.csv?${answer.query}`}
        />
      )}
    </section>
  );
}

function Campaigns({ campaigns, more }: { campaigns: Campaign[]; more: boolean }) {
  if (campaigns.length === 0) return <p>No campaigns yet.</p>;
  return (
    <>
      <Table label="Campaigns">
        <thead>
          <tr>
            <th>Campaign</th>
            <th>Games</th>
            <th>Bet</th>
            <th>Window</th>
            <th>Status</th>
            <th>Grants</th>
            <th>Rounds granted</th>
            <th>Rounds played</th>
            <th>Total paid</th>
          </tr>
        </thead>
        <tbody>
          {campaigns.map((c) => (
            <tr key={c.campaignId}>
              <td>
                {c.reference}
                <br />
                <code class="hint">{c.campaignId}</code>
              </td>
              <td>{c.gameCodes.join(", ")}</td>
              <td class="num">
                {c.bet} {c.currency}
              </td>
              <td>
                {time(c.startsAt)} to
                <br />
                {time(c.endsAt)}
              </td>
              <td>
                <span class={`state ${STATE_CLASS[c.status]}`}>{c.status}</span>
              </td>
              <td class="num">{c.grants}</td>
              <td class="num">{c.roundsGranted}</td>
              <td class="num">{c.roundsPlayed}</td>
              <td class="num">
                {c.paid} {c.currency}
              </td>
            </tr>
          ))}
        </tbody>
      </Table>
      {more && (
        <p class="hint">The newest {campaigns.length} campaigns; the report below covers every one.</p>
      )}
    </>
  );
}

function Report({ report, csv }: { report: FreeRoundReport; csv: string }) {
  const rows = report.periods.flatMap((p) => p.rows.map((row) => ({ day: p.period, ...row })));
  return (
    <>
      <p class="hint">
        Days in {report.timeZone}, each callback counted when the wallet confirmed it, exact at once; the paid
        column is the GGR report's bonus wins, campaign by campaign.{" "}
        <a href={csv} download>
          Download CSV
        </a>
      </p>
      {rows.length === 0 ? (
        <p>No free rounds played in that range.</p>
      ) : (
        <>
          <Table label="Free rounds by day">
            <thead>
              <tr>
                <th>Day</th>
                <th>Campaign</th>
                <th>Currency</th>
                <th>Rounds played</th>
                <th>Paid</th>
                <th>Players</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.day} ${r.campaignId}`}>
                  <td>{r.day}</td>
                  <td>{r.reference}</td>
                  <td>{r.currency}</td>
                  <td class="num">{r.roundsPlayed}</td>
                  <td class="num">{r.paid}</td>
                  <td class="num">{r.players}</td>
                </tr>
              ))}
            </tbody>
          </Table>
          {[...new Set(rows.map((r) => r.currency))].sort().map((currency) => {
            const paid = rows.filter((r) => r.currency === currency).map((r) => r.paid);
            const scale = scaleOf(paid);
            const total = paid.reduce((sum, p) => sum + toMinor(p, scale), 0n);
            return (
              <p class="total" key={currency}>
                Paid over the range:{" "}
                <strong>
                  {fromMinor(total, scale)} {currency}
                </strong>
              </p>
            );
          })}
        </>
      )}
    </>
  );
}

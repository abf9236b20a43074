import { useState } from "preact/hooks";
import { fromMinor, scaleOf, toMinor } from "../amounts.ts";
import { api, type User } from "../api.ts";
import { CurrencyField, OperatorPicker, Refused, Table, time } from "../components.tsx";
import { type ChartDay, GgrChart } from "../GgrChart.tsx";
import { type RtpReport, RtpTable } from "../RtpTable.tsx";

interface GgrRow {
  gameCode?: string;
  currency: string;
  bets: string;
  wins: string;
  ggr: string;
  /** Absent on rows without free-round play. */
  bonusWins?: string;
  rounds: number;
  players: number;
}

interface GgrReport {
  timeZone: string;
  from: string;
  to: string;
  through: string | null;
  periods: { period: string; playersApproximate: boolean; rows: GgrRow[] }[];
}

const DAY = 86_400_000;
export const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

interface Answer {
  report: GgrReport;
  query: string;
  /** Asked for beside the GGR report; refused alone (its range is shorter), it leaves the report shown. */
  rtp: { report?: RtpReport; error?: unknown };
}

/**
 * The GGR report by day in the operator's zone: a chart per currency, the table, and its CSV; then the
 * observed RTP per game and currency beside the declared one, and its CSV.
 */
export function Reports({ user }: { user: User }) {
  const [operatorId, setOperatorId] = useState(user.operatorId ?? "");
  const [answer, setAnswer] = useState<Answer | null>(null);
  const [error, setError] = useState<unknown>(null);
  const show = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const query = new URLSearchParams();
    for (const name of ["from", "to", "game", "currency"]) {
      const value = String(form.get(name) ?? "").trim();
      if (value !== "") query.set(name, value);
    }
    try {
      setError(null);
      const reports = `/api/operators/${operatorId}/reports`;
      const [report, rtp] = await Promise.all([
        api<GgrReport>("GET", `${reports}/ggr?${query}`),
        api<RtpReport>("GET", `${reports}/rtp?${query}`).then(
          (report) => ({ report }),
          (error: unknown) => ({ error }),
        ),
      ]);
      setAnswer({ report, query: query.toString(), rtp });
    } catch (failure) {
      setError(failure);
      setAnswer(null);
    }
  };
  return (
    <section>
      <h1>GGR report</h1>
      <form class="filters" onSubmit={show}>
        <OperatorPicker value={operatorId} onChange={setOperatorId} />
        <label>
          From
          <input name="from" type="date" required defaultValue={isoDay(Date.now() - 6 * DAY)} />
        </label>
        <label>
          To
          <input name="to" type="date" required defaultValue={isoDay(Date.now())} />
        </label>
        <label>
          Game code
          <input name="game" placeholder="every game" />
        </label>
        <CurrencyField />
        <button type="submit" disabled={!operatorId}>
          Show
        </button>
      </form>
      <Refused error={error} />
      {answer && (
        <>
          <Report
            report={answer.report}
            csv={`/api/operators/${operatorId}/reports/ggr.csv?${answer.query}`}
          />
          <RtpTable {...answer.rtp} csv={`/api/operators/${operatorId}/reports/rtp.csv?${answer.query}`} />
        </>
      )}
    </section>
  );
}

function Report({ report, csv }: { report: GgrReport; csv: string }) {
  const rows = report.periods.flatMap((p) => p.rows.map((row) => ({ day: p.period, ...row })));
  const approximate = report.periods.some((p) => p.playersApproximate);
  return (
    <>
      <p class="hint">
        Days in {report.timeZone}, real money only, each callback counted when the wallet confirmed it;
        figures up to {time(report.through)}.{approximate ? " Players marked ≈ are estimates." : ""}{" "}
        <a href={csv} download>
          Download CSV
        </a>
      </p>
      {rows.length === 0 ? (
        <p>No real-money play in that range.</p>
      ) : (
        <>
          {currenciesOf(rows).map((currency) => (
            <CurrencyChart key={currency} currency={currency} rows={rows} range={report} />
          ))}
          <Table label="GGR by day">
            <thead>
              <tr>
                <th>Day</th>
                <th>Game</th>
                <th>Currency</th>
                <th>Bets</th>
                <th>Wins</th>
                <th>GGR</th>
                <th>Bonus wins</th>
                <th>Rounds</th>
                <th>Players</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((r) => (
                <tr key={`${r.day} ${r.gameCode} ${r.currency}`}>
                  <td>{r.day}</td>
                  <td>{r.gameCode ?? "every game"}</td>
                  <td>{r.currency}</td>
                  <td class="num">{r.bets}</td>
                  <td class="num">{r.wins}</td>
                  <td class={`num ${r.ggr.startsWith("-") ? "loss" : ""}`}>{r.ggr}</td>
                  <td class="num">{r.bonusWins ?? "0"}</td>
                  <td class="num">{r.rounds}</td>
                  <td class="num">
                    {approximate ? "≈" : ""}
                    {r.players}
                  </td>
                </tr>
              ))}
            </tbody>
          </Table>
        </>
      )}
    </>
  );
}

type DayRow = GgrRow & { day: string };

const currenciesOf = (rows: DayRow[]) => [...new Set(rows.map((r) => r.currency))].sort();

/** A currency's GGR summed over its games, day by day (a day without play as nothing), exactly. */
function CurrencyChart(props: { currency: string; rows: DayRow[]; range: { from: string; to: string } }) {
  const { currency, rows, range } = props;
  const mine = rows.filter((r) => r.currency === currency);
  const scale = scaleOf(mine.map((r) => r.ggr));
  const byDay = new Map<string, bigint>();
  for (const r of mine) byDay.set(r.day, (byDay.get(r.day) ?? 0n) + toMinor(r.ggr, scale));
  const days: ChartDay[] = [];
  for (let ms = Date.parse(range.from); ms <= Date.parse(range.to); ms += DAY) {
    days.push({ day: isoDay(ms), ggr: byDay.get(isoDay(ms)) ?? 0n });
  }
  const total = days.reduce((sum, d) => sum + d.ggr, 0n);
  return (
    <>
      <GgrChart days={days} currency={currency} scale={scale} />
      <p class="total">
        GGR over the range:{" "}
        <strong>
          {fromMinor(total, scale)} {currency}
        </strong>
      </p>
    </>
  );
}

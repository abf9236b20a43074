import { Refused, Table } from "./components.tsx";

export interface RtpRow {
  gameCode: string;
  currency: string;
  rounds: number;
  stakes: string;
  payouts: string;
  observedRtp?: string;
  low?: string;
  high?: string;
  theoreticalRtp: string;
  assumesOptimalPlay: boolean;
}

export interface RtpReport {
  timeZone: string;
  from: string;
  to: string;
  rows: RtpRow[];
}

/**
 * Observed RTP per game and currency beside the declared one, with the 95 % interval the rounds' own spread
 * gives it: a declared figure outside the interval is marked, since chance alone rarely puts it there.
 */
export function RtpTable({ report, error, csv }: { report?: RtpReport; error?: unknown; csv: string }) {
  const optimal = report?.rows.some((r) => r.assumesOptimalPlay) ?? false;
  return (
    <>
      <h2>Observed RTP</h2>
      <Refused error={error} />
      {report && (
        <>
          <p class="hint">
            Payouts over stakes of the real-money rounds started in the range and closed by play, per game and
            currency, with a 95 % interval from the rounds' own variance. Free rounds are left out (see Free
            rounds); at most 31 days.{" "}
            <a href={csv} download>
              Download RTP CSV
            </a>
          </p>
          {report.rows.length === 0 ? (
            <p>No closed real-money rounds in that range.</p>
          ) : (
            <Table label="Observed RTP">
              <thead>
                <tr>
                  <th>Game</th>
                  <th>Currency</th>
                  <th>Rounds</th>
                  <th>Stakes</th>
                  <th>Payouts</th>
                  <th>Observed RTP</th>
                  <th>95 % interval</th>
                  <th>Declared RTP</th>
                </tr>
              </thead>
              <tbody>
                {report.rows.map((r) => (
                  <tr key={`${r.gameCode} ${r.currency}`}>
                    <td>{r.gameCode}</td>
                    <td>{r.currency}</td>
                    <td class="num">{r.rounds}</td>
                    <td class="num">{r.stakes}</td>
                    <td class="num">{r.payouts}</td>
                    <td class="num">{r.observedRtp === undefined ? "—" : `${r.observedRtp} %`}</td>
                    <td class="num">
                      {r.low === undefined || r.high === undefined ? "—" : `${r.low} – ${r.high} %`}
                    </td>
                    <td class={`num ${outside(r) ? "loss" : ""}`}>
                      {r.theoreticalRtp} %{r.assumesOptimalPlay ? " *" : ""}
                      {outside(r) ? " (outside)" : ""}
                    </td>
                  </tr>
                ))}
              </tbody>
            </Table>
          )}
          {optimal && (
            <p class="hint">
              * Blackjack's and War's declared RTP assumes optimal play; players who stray from it get less
              back, so their observed RTP runs below the declared one without anything being wrong.
            </p>
          )}
        </>
      )}
    </>
  );
}

/** The declared RTP lies outside the interval. */
function outside(row: RtpRow): boolean {
  if (row.low === undefined || row.high === undefined) return false;
  const declared = Number(row.theoreticalRtp);
  return declared < Number(row.low) || declared > Number(row.high);
}

import { useState } from "preact/hooks";
import type { User } from "../api.ts";
import { OperatorPicker, Refused, Table, time, useLoaded } from "../components.tsx";
import {
  type BetLimit,
  CallbackUrlForm,
  EditSettings,
  type FailedRun,
  NewOperator,
  type OperatorSettings,
  RotateSecret,
  type RunningOn,
  RunTester,
  reportHref,
} from "./OperatorForms.tsx";

interface Settings {
  operator: OperatorSettings & { createdAt: string };
  betLimits: BetLimit[];
  packs: { id: string; name: string }[];
  certification: {
    certified: boolean;
    running: boolean;
    runningOn: RunningOn | null;
    lastFailure: FailedRun | null;
    runs: { id: string; callbackUrl: string; finishedAt: string; passed: boolean; failedChecks: string[] }[];
  };
}

/**
 * An operator's settings and where its certification stands, with the changes the person may make
 * (#/operators/<operator ID> opens one).
 */
export function Operators({ user, operatorId: chosen }: { user: User; operatorId: string | undefined }) {
  const [operatorId, setOperatorId] = useState(chosen ?? user.operatorId ?? "");
  // The picker reads the list again once a new operator is in it.
  const [listed, setListed] = useState(0);
  const created = (id: string) => {
    setListed((n) => n + 1);
    setOperatorId(id);
  };
  return (
    <section>
      <h1>Operator</h1>
      {user.role === "platform_admin" && <NewOperator onCreated={created} />}
      <div class="filters">
        <OperatorPicker key={listed} value={operatorId} onChange={setOperatorId} />
      </div>
      {operatorId && <SettingsOf key={operatorId} user={user} operatorId={operatorId} />}
    </section>
  );
}

function SettingsOf({ user, operatorId }: { user: User; operatorId: string }) {
  const { data, error, reload } = useLoaded<Settings>(`/api/operators/${operatorId}/settings`);
  if (error) return <Refused error={error} />;
  if (!data) return <p class="loading">Loading…</p>;
  const { operator: o, certification } = data;
  const or = (value: string | null) => value ?? "—";
  return (
    <>
      <dl class="facts">
        <dt>Name</dt>
        <dd>{o.name}</dd>
        <dt>Callback URL</dt>
        <dd>
          <code>{or(o.callbackUrl)}</code>{" "}
          <span class={`state ${certification.certified ? "ok" : "pending"}`}>
            {certification.certified ? "certified" : "not certified"}
          </span>
        </dd>
        <dt>Lobby URL</dt>
        <dd>{or(o.lobbyUrl)}</dd>
        <dt>Countries</dt>
        <dd>{o.allowedCountries === null ? "every country" : o.allowedCountries.join(", ")}</dd>
        <dt>Time zone</dt>
        <dd>{o.timeZone}</dd>
        <dt>Jurisdiction</dt>
        <dd>{o.jurisdiction}</dd>
        <dt>Responsible gambling</dt>
        <dd>{or(o.responsibleGamblingUrl)}</dd>
        <dt>Player's limits</dt>
        <dd>{or(o.limitsUrl)}</dd>
        <dt>Free rounds</dt>
        <dd>{o.freeRounds ? "on" : "off"}</dd>
        <dt>Packs</dt>
        <dd>{data.packs.length === 0 ? "—" : data.packs.map((pack) => pack.name).join(", ")}</dd>
        <dt>Created</dt>
        <dd>{time(o.createdAt)}</dd>
      </dl>
      <EditSettings
        user={user}
        operator={o}
        betLimits={data.betLimits}
        packs={data.packs.map((pack) => pack.id)}
        onSaved={reload}
      />
      {user.role === "platform_admin" && <CallbackUrlForm operator={o} onSaved={reload} />}
      <RotateSecret operatorId={o.id} />
      <h2>Bet limits</h2>
      {data.betLimits.length === 0 ? (
        <p>The games' own limits in every currency.</p>
      ) : (
        <Table label="Bet limits">
          <thead>
            <tr>
              <th>Currency</th>
              <th>Smallest bet</th>
              <th>Largest bet</th>
              <th>Largest win</th>
            </tr>
          </thead>
          <tbody>
            {data.betLimits.map((l) => (
              <tr key={l.currency}>
                <td>{l.currency}</td>
                <td class="num">{l.minBet}</td>
                <td class="num">{l.maxBet}</td>
                <td class="num">{l.maxWin}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
      <h2>Certification runs</h2>
      <p class="hint">
        The latest run against the current callback URL decides: a new URL is uncertified until the tester
        passes on it.
      </p>
      <RunTester
        operatorId={o.id}
        runningOn={certification.runningOn}
        lastFailure={certification.lastFailure}
        onChange={reload}
      />
      {certification.runs.length === 0 ? (
        <p>The tester has not run yet.</p>
      ) : (
        <Table label="Certification runs">
          <thead>
            <tr>
              <th>Finished</th>
              <th>Result</th>
              <th>Callback URL</th>
              <th>Failed checks</th>
              <th>Report</th>
            </tr>
          </thead>
          <tbody>
            {certification.runs.map((run) => (
              <tr key={run.id}>
                <td>{time(run.finishedAt)}</td>
                <td>
                  <span class={`state ${run.passed ? "ok" : "failed"}`}>
                    {run.passed ? "passed" : "failed"}
                  </span>
                </td>
                <td>
                  <code>{run.callbackUrl}</code>
                </td>
                <td>{run.failedChecks.join(", ") || "—"}</td>
                <td>
                  <a href={reportHref(o.id, run.id)} target="_blank" rel="noopener">
                    Open the report
                  </a>
                </td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </>
  );
}

import { useEffect, useState } from "preact/hooks";
import { api, type User } from "../api.ts";
import { Refused, time } from "../components.tsx";

/**
 * The changes of the Operator page, each a form the server checks again (docs/back-office.md, "Operator"):
 * a new operator, its settings, its callback URL, its secret and a tester run.
 */

export interface BetLimit {
  currency: string;
  minBet: string;
  maxBet: string;
  maxWin: string;
}

export interface OperatorSettings {
  id: string;
  name: string;
  callbackUrl: string | null;
  lobbyUrl: string | null;
  allowedCountries: string[] | null;
  timeZone: string;
  jurisdiction: string;
  responsibleGamblingUrl: string | null;
  limitsUrl: string | null;
  freeRounds: boolean;
}

/** The settings an operator admin changes itself; the server's list (roles.ts) decides. */
const OPERATOR_ADMIN_FIELDS = new Set(["lobbyUrl", "responsibleGamblingUrl", "limitsUrl", "betLimits"]);

const text = (form: FormData, name: string) => String(form.get(name) ?? "").trim();
const urlOrNull = (value: string) => (value === "" ? null : value);
/** "DE, AT" as a list; empty: every country. */
const countriesOf = (value: string) =>
  value === ""
    ? null
    : value
        .split(/[\s,]+/)
        .filter(Boolean)
        .map((c) => c.toUpperCase());
const listOf = (value: string) => value.split(/[\s,]+/).filter(Boolean);
/** One currency a line: code, smallest bet, largest bet, largest win (the server checks each amount). */
function limitsOf(value: string): BetLimit[] {
  return value
    .split("\n")
    .map((line) => line.trim())
    .filter(Boolean)
    .map((line) => {
      const [currency = "", minBet = "", maxBet = "", maxWin = ""] = line.split(/[\s,;]+/);
      return { currency: currency.toUpperCase(), minBet, maxBet, maxWin };
    });
}
const limitsText = (limits: BetLimit[]) =>
  limits.map((l) => `${l.currency} ${l.minBet} ${l.maxBet} ${l.maxWin}`).join("\n");

function SecretShownOnce({ secret, what }: { secret: string; what: string }) {
  return (
    <p class="done once" role="status">
      {what} Copy it now: it is shown only this once. <code>{secret}</code>
    </p>
  );
}

/** A platform admin's form for a new operator; its secret is shown once. */
export function NewOperator({ onCreated }: { onCreated(id: string): void }) {
  const [created, setCreated] = useState<{ id: string; name: string; secret: string } | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const element = event.currentTarget as HTMLFormElement;
    const form = new FormData(element);
    const callbackUrl = text(form, "callbackUrl");
    const lobbyUrl = text(form, "lobbyUrl");
    const timeZone = text(form, "timeZone");
    try {
      setRefusal(null);
      const answer = await api<{ operator: { id: string; name: string }; secret: string }>(
        "POST",
        "/api/operators",
        {
          name: text(form, "name"),
          ...(callbackUrl !== "" && { callbackUrl }),
          ...(lobbyUrl !== "" && { lobbyUrl }),
          allowedCountries: countriesOf(text(form, "countries")),
          ...(timeZone !== "" && { timeZone }),
        },
      );
      setCreated({ ...answer.operator, secret: answer.secret });
      element.reset();
      onCreated(answer.operator.id);
    } catch (failure) {
      setCreated(null);
      setRefusal(failure);
    }
  };
  return (
    <details class="panel">
      <summary>New operator</summary>
      <form class="filters" onSubmit={submit}>
        <label>
          Name
          <input name="name" required maxLength={100} autocomplete="off" />
        </label>
        <label>
          Callback URL
          <input name="callbackUrl" type="url" placeholder="https://wallet.example/rgs" />
        </label>
        <label>
          Lobby URL
          <input name="lobbyUrl" type="url" />
        </label>
        <label>
          Countries
          <input name="countries" placeholder="every country" />
        </label>
        <label>
          Time zone
          <input name="timeZone" placeholder="UTC" />
        </label>
        <button type="submit">Create</button>
      </form>
      <p class="hint">It gets the default pack; its bet limits and pages are set below once it exists.</p>
      {created && (
        <SecretShownOnce what={`${created.name} is created. Its secret:`} secret={created.secret} />
      )}
      <Refused error={refusal} />
    </details>
  );
}

/** The settings the person may change: every one for a platform admin, the players' pages and limits for an operator admin. */
export function EditSettings(props: {
  user: User;
  operator: OperatorSettings;
  betLimits: BetLimit[];
  packs: string[];
  onSaved(): void;
}) {
  const { operator: o, user } = props;
  const [refusal, setRefusal] = useState<unknown>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const may = (field: string) => user.role === "platform_admin" || OPERATOR_ADMIN_FIELDS.has(field);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const wanted: Record<string, unknown> = {
      name: text(form, "name"),
      lobbyUrl: urlOrNull(text(form, "lobbyUrl")),
      responsibleGamblingUrl: urlOrNull(text(form, "responsibleGamblingUrl")),
      limitsUrl: urlOrNull(text(form, "limitsUrl")),
      allowedCountries: countriesOf(text(form, "countries")),
      timeZone: text(form, "timeZone"),
      jurisdiction: text(form, "jurisdiction"),
      freeRounds: form.get("freeRounds") === "on",
      packs: listOf(text(form, "packs")),
      betLimits: limitsOf(String(form.get("betLimits") ?? "")),
    };
    const current: Record<string, unknown> = { ...o, packs: props.packs, betLimits: props.betLimits };
    // Only what changed is sent, so the audit trail names only what changed.
    const changes = Object.fromEntries(
      Object.entries(wanted).filter(
        ([field, value]) => may(field) && JSON.stringify(value) !== JSON.stringify(current[field]),
      ),
    );
    if (Object.keys(changes).length === 0) {
      setRefusal(null);
      setSaved("Nothing was changed.");
      return;
    }
    try {
      setRefusal(null);
      await api("POST", `/api/operators/${o.id}/settings`, changes);
      setSaved(`Saved: ${Object.keys(changes).join(", ")}.`);
      props.onSaved();
    } catch (failure) {
      setSaved(null);
      setRefusal(failure);
    }
  };
  const field = (name: string, label: string, value: string, type = "text") =>
    may(name) ? (
      <label>
        {label}
        <input name={name} type={type} defaultValue={value} />
      </label>
    ) : null;
  return (
    <details class="panel">
      <summary>Change settings</summary>
      <form onSubmit={submit} aria-label="Settings">
        <div class="filters">
          {field("name", "Name", o.name)}
          {field("lobbyUrl", "Lobby URL", o.lobbyUrl ?? "", "url")}
          {field(
            "responsibleGamblingUrl",
            "Responsible gambling page",
            o.responsibleGamblingUrl ?? "",
            "url",
          )}
          {field("limitsUrl", "Player's limits page", o.limitsUrl ?? "", "url")}
          {may("allowedCountries") && (
            <label>
              Countries
              <input
                name="countries"
                placeholder="every country"
                defaultValue={(o.allowedCountries ?? []).join(", ")}
              />
            </label>
          )}
          {field("timeZone", "Time zone", o.timeZone)}
          {field("jurisdiction", "Jurisdiction", o.jurisdiction)}
          {field("packs", "Pack IDs", props.packs.join(", "))}
          {may("freeRounds") && (
            <label class="choice">
              <input type="checkbox" name="freeRounds" defaultChecked={o.freeRounds} />
              Free rounds
            </label>
          )}
        </div>
        <label>
          Bet limits: one currency a line, its smallest bet, largest bet and largest win
          <textarea
            name="betLimits"
            rows={3}
            placeholder="EUR 0.20 50.00 10000.00"
            defaultValue={limitsText(props.betLimits)}
          />
        </label>
        <button type="submit">Save settings</button>
      </form>
      {saved && (
        <p class="done" role="status">
          {saved}
        </p>
      )}
      <Refused error={refusal} />
      {user.role !== "platform_admin" && (
        <p class="hint">
          The name, packs, countries, time zone, jurisdiction, free rounds and callback URL are changed by a
          platform admin.
        </p>
      )}
    </details>
  );
}

/** A platform admin moves the callback URL: first what is still pending, then the change. */
export function CallbackUrlForm(props: { operator: OperatorSettings; onSaved(): void }) {
  const { operator: o } = props;
  const [review, setReview] = useState<{ url: string; count: number; oldestAt: string | null } | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [saved, setSaved] = useState(false);
  const ask = async (event: Event) => {
    event.preventDefault();
    const url = text(new FormData(event.currentTarget as HTMLFormElement), "callbackUrl");
    try {
      setRefusal(null);
      setSaved(false);
      const pending = await api<{ count: number; oldestAt: string | null }>(
        "GET",
        `/api/operators/${o.id}/pending-callbacks`,
      );
      setReview({ url, ...pending });
    } catch (failure) {
      setRefusal(failure);
    }
  };
  const change = async () => {
    if (!review) return;
    try {
      setRefusal(null);
      await api("POST", `/api/operators/${o.id}/callback-url`, { callbackUrl: review.url });
      setReview(null);
      setSaved(true);
      props.onSaved();
    } catch (failure) {
      setRefusal(failure);
    }
  };
  return (
    <details class="panel">
      <summary>Change the callback URL</summary>
      <form class="filters" onSubmit={ask}>
        <label>
          New callback URL
          <input name="callbackUrl" type="url" required defaultValue={o.callbackUrl ?? ""} />
        </label>
        <button type="submit">Review the change</button>
      </form>
      {review && (
        <section aria-label="Before the change">
          <p>
            {review.count === 0
              ? "No callback of this operator is pending."
              : `${review.count} callback${review.count === 1 ? " is" : "s are"} still pending, the oldest since ${time(review.oldestAt)}: they go to the new URL once it is saved.`}
          </p>
          <p class="refusal">
            The operator drops back to uncertified until the tester passes on <code>{review.url}</code>.
          </p>
          <div class="buttons">
            <button type="button" onClick={change}>
              Change the callback URL
            </button>
            <button type="button" class="secondary" onClick={() => setReview(null)}>
              Keep the current one
            </button>
          </div>
        </section>
      )}
      {saved && (
        <p class="done" role="status">
          The callback URL is changed. Run the tester on it to certify it again.
        </p>
      )}
      <Refused error={refusal} />
    </details>
  );
}

/** A new secret for the operator, shown once; the previous one stays accepted for the grace period. */
export function RotateSecret({ operatorId }: { operatorId: string }) {
  const [rotation, setRotation] = useState<{ secret: string; previousValidUntil: string } | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [refusal, setRefusal] = useState<unknown>(null);
  const rotate = async () => {
    try {
      setRefusal(null);
      setRotation(await api("POST", `/api/operators/${operatorId}/secret`, {}));
      setConfirming(false);
    } catch (failure) {
      setRefusal(failure);
    }
  };
  return (
    <details class="panel">
      <summary>Rotate the secret</summary>
      <p class="hint">
        The new secret signs the operator's requests at once; the current one stays accepted, and keeps
        signing callbacks, for the grace period.
      </p>
      {confirming ? (
        <div class="buttons">
          <button type="button" onClick={rotate}>
            Rotate now
          </button>
          <button type="button" class="secondary" onClick={() => setConfirming(false)}>
            Cancel
          </button>
        </div>
      ) : (
        <button type="button" onClick={() => setConfirming(true)}>
          New secret
        </button>
      )}
      {rotation && (
        <SecretShownOnce
          what={`The previous secret is accepted until ${time(rotation.previousValidUntil)}. The new secret:`}
          secret={rotation.secret}
        />
      )}
      <Refused error={refusal} />
    </details>
  );
}

/** A run going on, on whichever instance of the RGS holds its lease. */
export interface RunningOn {
  instance: string;
  since: string;
}

/** The last run that ended without a report: the thread stopped, the server shut down, or it ran too long. */
export interface FailedRun {
  outcome: "stopped" | "timed_out";
  code: string | null;
  detail: string | null;
  at: string;
}

/** Starts the tester against the operator's wallet; the page asks again until the run is recorded. */
export function RunTester(props: {
  operatorId: string;
  runningOn: RunningOn | null;
  lastFailure: FailedRun | null;
  onChange(): void;
}) {
  const [refusal, setRefusal] = useState<unknown>(null);
  const { runningOn, lastFailure, onChange } = props;
  const running = runningOn !== null;
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(onChange, 2000);
    return () => clearInterval(timer);
  }, [running]);
  const start = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    const second = text(form, "secondPlayerId");
    const currency = text(form, "currency");
    try {
      setRefusal(null);
      await api("POST", `/api/operators/${props.operatorId}/certifications`, {
        playerId: text(form, "playerId"),
        ...(second !== "" && { secondPlayerId: second }),
        ...(currency !== "" && { currency }),
        ...(form.get("freeRounds") === "on" && { freeRounds: true }),
      });
      onChange();
    } catch (failure) {
      setRefusal(failure);
    }
  };
  return (
    <>
      <form class="filters" onSubmit={start} aria-label="Run the tester">
        <label>
          Test player
          <input name="playerId" required autocomplete="off" />
        </label>
        <label>
          Second test player
          <input name="secondPlayerId" autocomplete="off" />
        </label>
        <label>
          Currency
          <input name="currency" placeholder="USD" maxLength={8} />
        </label>
        <label class="choice">
          <input type="checkbox" name="freeRounds" />
          Free-round checks
        </label>
        <button type="submit" disabled={running}>
          {running ? "Tester running…" : "Run the tester"}
        </button>
      </form>
      {runningOn && (
        <p class="hint" role="status">
          The tester is running against the operator's wallet on {runningOn.instance} since{" "}
          {time(runningOn.since)}; its result appears below when it is over.
        </p>
      )}
      {!running && lastFailure && (
        <p class="refusal">
          The last run {lastFailure.outcome === "timed_out" ? "took too long and was stopped" : "stopped"} at{" "}
          {time(lastFailure.at)} before its report ({lastFailure.code}): {lastFailure.detail}
        </p>
      )}
      <Refused error={refusal} />
    </>
  );
}

export const reportHref = (operatorId: string, runId: string) =>
  `/api/operators/${operatorId}/certifications/${runId}/report`;

import { useEffect, useRef, useState } from "preact/hooks";
import { api, type User } from "../api.ts";
import { OperatorPicker, Refused, Table, time, useLoaded } from "../components.tsx";

type Person = User & { createdAt: string };

const ROLE_NAMES: Record<User["role"], string> = {
  platform_admin: "platform admin",
  operator_admin: "operator admin",
  support: "support",
  finance: "finance",
};

/**
 * The people the signed-in admin manages, a form to add one (its first password shown once), and disabling a
 * person (their sessions end at once) or enabling them again, each confirmed first.
 */
export function People({ user }: { user: User }) {
  const { data, error, reload } = useLoaded<{ users: Person[] }>("/api/users");
  const [role, setRole] = useState<User["role"]>("support");
  const [operatorId, setOperatorId] = useState(user.operatorId ?? "");
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
  const [confirming, setConfirming] = useState<Person | null>(null);
  const confirmButton = useRef<HTMLButtonElement>(null);
  // The question shows above the list: on a phone the row's button can be a screen below it.
  useEffect(() => {
    if (confirming) confirmButton.current?.focus();
  }, [confirming]);
  const roles: User["role"][] =
    user.role === "platform_admin"
      ? ["support", "finance", "operator_admin", "platform_admin"]
      : ["support", "finance"];
  const add = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const username = String(new FormData(form).get("username") ?? "").trim();
    try {
      setRefusal(null);
      const answer = await api<{ user: Person; password: string }>("POST", "/api/users", {
        username,
        role,
        ...(role !== "platform_admin" && { operatorId }),
      });
      setCreated({ username: answer.user.username, password: answer.password });
      form.reset();
      reload();
    } catch (failure) {
      setCreated(null);
      setRefusal(failure);
    }
  };
  const toggle = async (person: Person) => {
    try {
      setRefusal(null);
      await api("POST", `/api/users/${person.id}/${person.disabledAt ? "enable" : "disable"}`);
      setConfirming(null);
      reload();
    } catch (failure) {
      setRefusal(failure);
    }
  };
  const manages = (p: Person) =>
    p.id !== user.id && (user.role === "platform_admin" || p.role === "support" || p.role === "finance");
  if (error) return <Refused error={error} />;
  return (
    <section>
      <h1>People</h1>
      <h2>Add a person</h2>
      <form class="filters" onSubmit={add}>
        <label>
          User name
          <input name="username" required autocomplete="off" />
        </label>
        <label>
          Role
          <select value={role} onChange={(e) => setRole(e.currentTarget.value as User["role"])}>
            {roles.map((r) => (
              <option key={r} value={r}>
                {ROLE_NAMES[r]}
              </option>
            ))}
          </select>
        </label>
        {role !== "platform_admin" && <OperatorPicker value={operatorId} onChange={setOperatorId} />}
        <button type="submit">Add</button>
      </form>
      {created && (
        <p class="done" role="status">
          {created.username} is added. Their first password, shown only now: <code>{created.password}</code>
        </p>
      )}
      <Refused error={refusal} />
      {confirming && (
        <div
          class="confirm"
          role="alertdialog"
          aria-label={`${confirming.disabledAt ? "Enable" : "Disable"} ${confirming.username}`}
        >
          <p>
            {confirming.disabledAt
              ? `${confirming.username} can sign in again with the password they had.`
              : `${confirming.username} cannot sign in from now on, and every session of theirs ends now. What they did stays in the audit trail.`}
          </p>
          <button type="button" ref={confirmButton} onClick={() => toggle(confirming)}>
            {confirming.disabledAt ? `Enable ${confirming.username}` : `Disable ${confirming.username}`}
          </button>
          <button type="button" class="secondary" onClick={() => setConfirming(null)}>
            Keep as it is
          </button>
        </div>
      )}
      <h2>People</h2>
      {!data ? (
        <p class="loading">Loading…</p>
      ) : (
        <Table label="People of the back office">
          <thead>
            <tr>
              <th>User name</th>
              <th>Access</th>
              <th>Role</th>
              <th>One-time codes</th>
              <th>Added</th>
            </tr>
          </thead>
          <tbody>
            {data.users.map((p) => (
              <tr key={p.id}>
                <td>{p.username}</td>
                <td>
                  {p.disabledAt ? <span title={time(p.disabledAt)}>disabled</span> : "active"}
                  {manages(p) && (
                    <button type="button" class="secondary" onClick={() => setConfirming(p)}>
                      {p.disabledAt ? "Enable" : "Disable"}
                    </button>
                  )}
                </td>
                <td>{ROLE_NAMES[p.role]}</td>
                <td>{p.totpEnabled ? "on" : "off"}</td>
                <td>{time(p.createdAt)}</td>
              </tr>
            ))}
          </tbody>
        </Table>
      )}
    </section>
  );
}

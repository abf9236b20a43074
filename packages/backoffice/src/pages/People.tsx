import { useState } from "preact/hooks";
import { api, type User } from "../api.ts";
import { OperatorPicker, Refused, Table, time, useLoaded } from "../components.tsx";

type Person = User & { createdAt: string };

const ROLE_NAMES: Record<User["role"], string> = {
  platform_admin: "platform admin",
  operator_admin: "operator admin",
  support: "support",
  finance: "finance",
};

/** The people the signed-in admin manages, and a form to add one (its first password shown once). */
export function People({ user }: { user: User }) {
  const { data, error, reload } = useLoaded<{ users: Person[] }>("/api/users");
  const [role, setRole] = useState<User["role"]>("support");
  const [operatorId, setOperatorId] = useState(user.operatorId ?? "");
  const [created, setCreated] = useState<{ username: string; password: string } | null>(null);
  const [refusal, setRefusal] = useState<unknown>(null);
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
      <h2>People</h2>
      {!data ? (
        <p class="loading">Loading…</p>
      ) : (
        <Table label="People of the back office">
          <thead>
            <tr>
              <th>User name</th>
              <th>Role</th>
              <th>One-time codes</th>
              <th>Added</th>
            </tr>
          </thead>
          <tbody>
            {data.users.map((p) => (
              <tr key={p.id}>
                <td>{p.username}</td>
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

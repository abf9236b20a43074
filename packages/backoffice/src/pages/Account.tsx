import { useState } from "preact/hooks";
import { api, type User } from "../api.ts";
import { Refused } from "../components.tsx";

type Enrolment = { step: "idle" } | { step: "code"; secret: string; uri: string } | { step: "done" };

/** The signed-in person's own account: who they are, and one-time codes for their sign-in. */
export function Account({ user }: { user: User }) {
  const [enrolment, setEnrolment] = useState<Enrolment>({ step: "idle" });
  const [error, setError] = useState<unknown>(null);
  const start = async () => {
    try {
      setError(null);
      setEnrolment({
        step: "code",
        ...(await api<{ secret: string; uri: string }>("POST", "/api/session/totp")),
      });
    } catch (failure) {
      setError(failure);
    }
  };
  const confirm = async (event: Event) => {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget as HTMLFormElement).get("code") ?? "").trim();
    try {
      setError(null);
      await api("POST", "/api/session/totp/confirm", { code });
      setEnrolment({ step: "done" });
    } catch (failure) {
      setError(failure);
    }
  };
  const enabled = user.totpEnabled || enrolment.step === "done";
  return (
    <section>
      <h1>Your account</h1>
      <dl class="facts">
        <dt>User name</dt>
        <dd>{user.username}</dd>
        <dt>Role</dt>
        <dd>{user.role.replace("_", " ")}</dd>
        <dt>One-time codes</dt>
        <dd>{enabled ? "on: sign-in asks for a code" : "off"}</dd>
      </dl>
      <h2>One-time codes</h2>
      {enrolment.step === "done" ? (
        <p class="done" role="status">
          One-time codes are on: from your next sign-in, the back office asks for the code your app shows.
        </p>
      ) : enrolment.step === "code" ? (
        <form onSubmit={confirm}>
          <p>
            Add this key to an authenticator app (it is shown once), then type the code the app shows to turn
            codes on.
          </p>
          <dl class="facts">
            <dt>Key</dt>
            <dd>
              <code>{enrolment.secret}</code>
            </dd>
            <dt>Address</dt>
            <dd>
              <code>{enrolment.uri}</code>
            </dd>
          </dl>
          <label>
            Code from the app
            <input name="code" inputMode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required />
          </label>
          <button type="submit">Turn codes on</button>
        </form>
      ) : enabled ? (
        <p>Sign-in asks for the code of your authenticator app.</p>
      ) : (
        <>
          <p class="hint">
            A code from an authenticator app on your phone, asked for at every sign-in besides your password.
          </p>
          <button type="button" onClick={start}>
            Set up one-time codes
          </button>
        </>
      )}
      <Refused error={error} />
    </section>
  );
}

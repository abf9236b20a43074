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
    <section class="account">
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
      <PasswordChange />
    </section>
  );
}

/** A new password, given with the current one (a wrong current one counts towards the lock-out). */
function PasswordChange() {
  const [state, setState] = useState<{ done: boolean; error: unknown }>({ done: false, error: null });
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = event.currentTarget as HTMLFormElement;
    const fields = new FormData(form);
    try {
      await api("POST", "/api/session/password", {
        current: fields.get("current"),
        next: fields.get("next"),
      });
      form.reset();
      setState({ done: true, error: null });
    } catch (failure) {
      setState({ done: false, error: failure });
    }
  };
  return (
    <>
      <h2>Password</h2>
      <form onSubmit={submit}>
        <label>
          Current password
          <input name="current" type="password" autocomplete="current-password" required />
        </label>
        <label>
          New password (at least 12 characters)
          <input name="next" type="password" autocomplete="new-password" minLength={12} required />
        </label>
        <button type="submit">Change password</button>
      </form>
      {state.done && (
        <p class="done" role="status">
          Your password is changed: sign in with the new one from now on.
        </p>
      )}
      <Refused error={state.error} />
    </>
  );
}

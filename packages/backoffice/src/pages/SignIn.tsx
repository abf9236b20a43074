import { useState } from "preact/hooks";
import { ApiError, api, type User } from "../api.ts";
import { Refused } from "../components.tsx";

/** Name and password, then the one-time code when the account asks for one. */
export function SignIn({ onSignedIn }: { onSignedIn(session: { user: User; csrfToken: string }): void }) {
  const [needsCode, setNeedsCode] = useState(false);
  const [error, setError] = useState<unknown>(null);
  const submit = async (event: Event) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget as HTMLFormElement);
    try {
      onSignedIn(
        await api("POST", "/api/session", {
          username: form.get("username"),
          password: form.get("password"),
          ...(needsCode && { totp: form.get("totp") }),
        }),
      );
    } catch (failure) {
      if (failure instanceof ApiError && failure.refusal.code === "totp_required") {
        setNeedsCode(true);
        setError(null);
      } else setError(failure);
    }
  };
  return (
    <main class="sign-in">
      <h1>RGS back office</h1>
      <form onSubmit={submit}>
        <label>
          User name
          <input name="username" autocomplete="username" required />
        </label>
        <label>
          Password
          <input name="password" type="password" autocomplete="current-password" required />
        </label>
        {needsCode ? (
          <label>
            One-time code
            <input name="totp" inputMode="numeric" autocomplete="one-time-code" pattern="[0-9]{6}" required />
          </label>
        ) : null}
        <button type="submit">Sign in</button>
        <Refused error={error} />
      </form>
    </main>
  );
}

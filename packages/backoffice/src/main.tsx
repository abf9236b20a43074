import { render } from "preact";
import { useEffect, useState } from "preact/hooks";
import { ApiError, api, can, rememberCsrfToken, type User } from "./api.ts";
import { Account } from "./pages/Account.tsx";
import { Approvals } from "./pages/Approvals.tsx";
import { DeadLetter } from "./pages/DeadLetter.tsx";
import { DeadLetters } from "./pages/DeadLetters.tsx";
import { FreeRounds } from "./pages/FreeRounds.tsx";
import { OnCall } from "./pages/OnCall.tsx";
import { Operators } from "./pages/Operators.tsx";
import { People } from "./pages/People.tsx";
import { Reconciliation } from "./pages/Reconciliation.tsx";
import { Reports } from "./pages/Reports.tsx";
import { Round } from "./pages/Round.tsx";
import { Rounds } from "./pages/Rounds.tsx";
import { SignIn } from "./pages/SignIn.tsx";
import { href, useRoute } from "./route.ts";

interface Session {
  user: User;
  csrfToken: string;
}

function Page({ user }: { user: User }) {
  const [section = "rounds", ...rest] = useRoute();
  if (section === "rounds" && rest.length === 2)
    return <Round user={user} operatorId={rest[0] ?? ""} roundId={rest[1] ?? ""} />;
  if (section === "dead-letters" && rest[0]) return <DeadLetter user={user} transactionId={rest[0]} />;
  if (section === "dead-letters") return <DeadLetters />;
  if (section === "approvals") return <Approvals user={user} />;
  if (section === "reports") return <Reports user={user} />;
  if (section === "reconciliation") return <Reconciliation user={user} />;
  if (section === "free-rounds") return <FreeRounds user={user} />;
  if (section === "on-call") return <OnCall />;
  if (section === "account") return <Account user={user} />;
  if (section === "people") return <People user={user} />;
  if (section === "operators") return <Operators user={user} />;
  return <Rounds user={user} />;
}

function App() {
  const [session, setSessionState] = useState<Session | null | undefined>(undefined);
  // The token is known before any page can send a change.
  const setSession = (next: Session | null) => {
    if (next) rememberCsrfToken(next.csrfToken);
    setSessionState(next);
  };
  useEffect(() => {
    api<Session>("GET", "/api/session")
      .then(setSession)
      .catch((error: unknown) => {
        if (error instanceof ApiError) setSession(null);
        else throw error;
      });
  }, []);
  if (session === undefined) return <p class="loading">Loading…</p>;
  if (session === null) return <SignIn onSignedIn={setSession} />;
  const signOut = async () => {
    await api("DELETE", "/api/session");
    setSession(null);
  };
  return (
    <div class="shell">
      <header>
        <strong class="brand">RGS back office</strong>
        <nav>
          <a href={href("rounds")}>Rounds</a>
          <a href={href("dead-letters")}>Dead letters</a>
          <a href={href("approvals")}>Approvals</a>
          {can.readReports(session.user) && (
            <>
              <a href={href("reports")}>Reports</a>
              <a href={href("reconciliation")}>Reconciliation</a>
            </>
          )}
          {can.readFreeRounds(session.user) && <a href={href("free-rounds")}>Free rounds</a>}
          {can.readOnCall(session.user) && <a href={href("on-call")}>On call</a>}
          {can.readOperators(session.user) && <a href={href("operators")}>Operator</a>}
          {can.manageUsers(session.user) && <a href={href("people")}>People</a>}
        </nav>
        <span class="who">
          <a href={href("account")}>{session.user.username}</a> · {session.user.role.replace("_", " ")}
          <button type="button" class="link" onClick={signOut}>
            Sign out
          </button>
        </span>
      </header>
      <main>
        <Page user={session.user} />
      </main>
    </div>
  );
}

const root = document.getElementById("app");
if (root) render(<App />, root);

/** What verifying a round in this browser found: each check, and what differs from the server's record. */
import type { Verification } from "../../fairness/verify.ts";
import type { Translate } from "../../i18n/index.ts";

export function VerificationResult({ t, verification }: { t: Translate; verification: Verification }) {
  if (verification.status !== "verified") {
    return (
      <div class="verify-result" role="status" data-testid="verify-result" data-status={verification.status}>
        {t(`shell.fair.status.${verification.status}`)}
      </div>
    );
  }
  return (
    <div
      class={verification.match ? "verify-result is-match" : "verify-result is-mismatch"}
      role="status"
      data-testid="verify-result"
      data-status={verification.match ? "match" : "mismatch"}
    >
      <strong>{t(verification.match ? "shell.fair.match" : "shell.fair.mismatch")}</strong>
      <ul class="verify-checks">
        {verification.checks.map((check) => (
          <li key={check.name}>
            <span class={check.ok ? "is-win" : "is-loss"}>{check.ok ? "✓" : "✗"}</span>{" "}
            {t(`shell.fair.check.${check.name}`)}
            {!check.ok && (
              <div class="mono muted">
                {t("shell.fair.computed")}: {check.computed}
                <br />
                {t("shell.fair.recorded")}: {check.recorded}
              </div>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}

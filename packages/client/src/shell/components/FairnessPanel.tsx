/**
 * Provable fairness: the active commitment and the next one, the player's client seed, rotation (which
 * reveals the retired server seed), and verification of a finished round in this browser.
 */
import { useEffect, useState } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import type { RevealedPair, SeedsResponse } from "../../api/types.ts";
import type { Verification } from "../../fairness/verify.ts";
import type { Translate } from "../../i18n/index.ts";
import type { SessionView } from "../session.ts";
import { VerificationResult } from "./VerificationResult.tsx";

const CLIENT_SEED = /^[\x21-\x7e]{1,64}$/;

function randomSeed(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(8));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

export interface FairnessPanelProps {
  t: Translate;
  api: GameApi;
  session: SessionView;
  roundId: string;
  onRoundId(id: string): void;
  onError(error: unknown): void;
}

export function FairnessPanel(props: FairnessPanelProps) {
  const { t, api } = props;
  const [seeds, setSeeds] = useState<SeedsResponse | null>(null);
  const [clientSeed, setClientSeed] = useState("");
  const [revealed, setRevealed] = useState<RevealedPair | null>(null);
  const [busy, setBusy] = useState(false);
  const [saved, setSaved] = useState(false);
  const [verification, setVerification] = useState<Verification | null>(null);

  const show = (answer: SeedsResponse) => {
    setSeeds(answer);
    setClientSeed(answer.active.clientSeed);
    if (answer.revealed) setRevealed(answer.revealed);
  };

  useEffect(() => {
    api.seeds().then(show, props.onError);
  }, [api]);

  const run = async (task: () => Promise<void>) => {
    setBusy(true);
    try {
      await task();
    } catch (error) {
      props.onError(error);
    } finally {
      setBusy(false);
    }
  };

  const seedValid = CLIENT_SEED.test(clientSeed);

  const verify = () =>
    run(async () => {
      setVerification(null);
      const id = props.roundId.trim();
      if (!id) return;
      const [details, { verifyRound }] = await Promise.all([
        api.round(id),
        import("../../fairness/verify.ts"),
      ]);
      setVerification(verifyRound(details, { maxWin: props.session.limits.maxWin }));
    });

  return (
    <div class="fair-grid" data-testid="fairness">
      <h3>{t("shell.fair.title")}</h3>
      <p class="muted">{t("shell.fair.explain")}</p>
      {seeds === null ? (
        <p class="muted">{t("shell.loading")}</p>
      ) : (
        <>
          <div class="field">
            <span class="field-label">{t("shell.fair.activeHash")}</span>
            <span class="mono" data-testid="active-hash">
              {seeds.active.serverSeedHash}
            </span>
          </div>
          <div class="field">
            <span class="field-label">{t("shell.fair.nextHash")}</span>
            <span class="mono">{seeds.next.serverSeedHash}</span>
          </div>
          <div class="field">
            <span class="field-label">{t("shell.fair.nonce")}</span>
            <span class="mono">{seeds.active.nonce}</span>
          </div>
          <label class="field">
            <span class="field-label">{t("shell.fair.clientSeed")}</span>
            <span class="amount-row">
              <input
                class="input mono"
                value={clientSeed}
                maxLength={64}
                spellcheck={false}
                autoComplete="off"
                aria-invalid={!seedValid}
                aria-describedby="client-seed-hint"
                onInput={(event) => {
                  setClientSeed(event.currentTarget.value);
                  setSaved(false);
                }}
              />
              <button
                type="button"
                class="button"
                aria-label={t("shell.fair.randomSeed")}
                title={t("shell.fair.randomSeed")}
                onClick={() => {
                  setClientSeed(randomSeed());
                  setSaved(false);
                }}
              >
                ⟳
              </button>
            </span>
            <span class="muted" id="client-seed-hint" aria-live="polite">
              {seedValid
                ? saved
                  ? t("shell.fair.saved")
                  : t("shell.fair.seedHint")
                : t("shell.error.invalid_client_seed")}
            </span>
          </label>
          <div class="grid-2">
            <button
              type="button"
              class="button"
              disabled={busy || !seedValid || clientSeed === seeds.active.clientSeed}
              onClick={() =>
                run(async () => {
                  show(await api.setClientSeed(clientSeed));
                  setSaved(true);
                })
              }
            >
              {t("shell.fair.save")}
            </button>
            <button
              type="button"
              class="button"
              data-testid="rotate"
              disabled={busy}
              onClick={() => run(async () => show(await api.rotateSeeds()))}
            >
              {t("shell.fair.rotate")}
            </button>
          </div>
          {revealed && (
            <div class="verify-result" data-testid="revealed">
              <strong>{t("shell.fair.revealed")}</strong>
              <div class="field">
                <span class="field-label">{t("shell.fair.serverSeed")}</span>
                <span class="mono">{revealed.serverSeed}</span>
              </div>
              <div class="field">
                <span class="field-label">{t("shell.fair.revealedHash")}</span>
                <span class="mono">{revealed.serverSeedHash}</span>
              </div>
              <p class="muted">
                {t("shell.fair.revealedRounds", { count: revealed.nonces, clientSeed: revealed.clientSeed })}
              </p>
            </div>
          )}
        </>
      )}
      <h3>{t("shell.fair.verifyTitle")}</h3>
      <label class="field">
        <span class="field-label">{t("shell.fair.roundId")}</span>
        <span class="amount-row">
          <input
            class="input mono"
            value={props.roundId}
            spellcheck={false}
            autoComplete="off"
            data-testid="verify-round-id"
            onInput={(event) => {
              props.onRoundId(event.currentTarget.value);
              setVerification(null);
            }}
          />
          <button
            type="button"
            class="button"
            data-testid="verify"
            disabled={busy || !props.roundId.trim()}
            onClick={() => void verify()}
          >
            {t("shell.fair.verify")}
          </button>
        </span>
      </label>
      {verification && <VerificationResult t={t} verification={verification} />}
    </div>
  );
}

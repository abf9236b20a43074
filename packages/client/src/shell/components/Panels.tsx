/** The panels under the game: the player's recent rounds, the rules, and provable fairness. */
import { useState } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import type { GameViewModule, GameViewProps } from "../../views/types.ts";
import type { SessionView } from "../session.ts";
import { FairnessPanel } from "./FairnessPanel.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";

type Tab = "history" | "rules" | "fairness";
const TABS: readonly Tab[] = ["history", "rules", "fairness"];

export function Panels(props: {
  t: Translate;
  api: GameApi;
  format: Formats;
  session: SessionView;
  view: GameViewModule;
  viewProps: GameViewProps;
  historyVersion: number;
  onError(error: unknown): void;
}) {
  const { t, format } = props;
  const [tab, setTab] = useState<Tab>("history");
  const [verifyId, setVerifyId] = useState("");
  const { Rules } = props.view;

  const onKeyDown = (event: KeyboardEvent) => {
    const at = TABS.indexOf(tab);
    const step = event.key === "ArrowRight" ? 1 : event.key === "ArrowLeft" ? -1 : 0;
    if (step === 0) return;
    event.preventDefault();
    const next = TABS[(at + step + TABS.length) % TABS.length] as Tab;
    setTab(next);
    document.getElementById(`tab-${next}`)?.focus();
  };

  return (
    <section class="shell-panels" aria-label={t("shell.panels.label")}>
      <div class="tabs" role="tablist" tabIndex={-1} onKeyDown={onKeyDown}>
        {TABS.map((name) => (
          <button
            key={name}
            id={`tab-${name}`}
            type="button"
            role="tab"
            class="tab"
            aria-selected={tab === name}
            aria-controls={`panel-${name}`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => setTab(name)}
          >
            {t(`shell.tab.${name}`)}
          </button>
        ))}
      </div>
      <div class="panel" role="tabpanel" id={`panel-${tab}`} aria-labelledby={`tab-${tab}`}>
        {tab === "history" && (
          <HistoryPanel
            t={t}
            api={props.api}
            format={format}
            decimals={props.session.currency.decimals}
            {...(props.view.multiplierOf && { multiplierOf: props.view.multiplierOf })}
            version={props.historyVersion}
            onVerify={(id) => {
              setVerifyId(id);
              setTab("fairness");
            }}
            onError={props.onError}
          />
        )}
        {tab === "rules" && (
          <div data-testid="rules">
            <Rules {...props.viewProps} />
            <p>
              <strong>{t("shell.rules.rtp", { rtp: format.percent(props.session.rtp) })}</strong>
            </p>
            <p class="muted">
              {t("shell.rules.maxWin", { amount: format.amount(props.session.limits.maxWin) })}
            </p>
            <p class="muted">{t("shell.rules.malfunction")}</p>
          </div>
        )}
        {tab === "fairness" && (
          <FairnessPanel
            t={t}
            api={props.api}
            session={props.session}
            roundId={verifyId}
            onRoundId={setVerifyId}
            onError={props.onError}
          />
        )}
      </div>
    </section>
  );
}

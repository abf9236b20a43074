/**
 * The panels under the game: the player's recent rounds, the rules, and provable fairness. The fairness panel is
 * a chunk of its own, fetched the first time its tab opens: most players never open it.
 */
import type { ComponentType } from "preact";
import { useEffect, useState } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import type { GameViewModule, GameViewProps } from "../../views/types.ts";
import type { SessionView } from "../session.ts";
import type { FairnessPanelProps } from "./FairnessPanel.tsx";
import { HistoryPanel } from "./HistoryPanel.tsx";

type Tab = "history" | "rules" | "fairness";
const TABS: readonly Tab[] = ["history", "rules", "fairness"];

/** The fairness panel once `wanted`, fetched then; a failed fetch is told, and tried again when wanted anew. */
function useFairnessPanel(
  wanted: boolean,
  onError: (error: unknown) => void,
): ComponentType<FairnessPanelProps> | null {
  const [panel, setPanel] = useState<ComponentType<FairnessPanelProps> | null>(null);
  useEffect(() => {
    if (!wanted || panel) return;
    let live = true;
    import("./FairnessPanel.tsx").then(
      (module) => live && setPanel(() => module.FairnessPanel),
      (error: unknown) => live && onError(error),
    );
    return () => {
      live = false;
    };
  }, [wanted, panel]);
  return panel;
}

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
  const FairnessPanel = useFairnessPanel(tab === "fairness", props.onError);

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
        {tab === "fairness" && !FairnessPanel && <p class="muted">{t("shell.loading")}</p>}
        {tab === "fairness" && FairnessPanel && (
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

import { useEffect, useState } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import type { HistoryRound } from "../../api/types.ts";
import type { Formats } from "../../i18n/format.ts";
import type { Translate } from "../../i18n/index.ts";
import { toMinor } from "../bet-amount.ts";
import { outcomeOf, roundMultiplier, trimMultiplier } from "../outcome.ts";
import { Icon } from "./Icon.tsx";

const PAGE = 10;

/**
 * The player's finished rounds in this game, newest first, each verifiable and with its replay link (a page
 * that shows the round without a session, to keep or to give the casino's support). A round shows the multiplier its
 * board showed, and the win colour only when it returned more than its stake.
 */
export function HistoryPanel(props: {
  t: Translate;
  api: GameApi;
  format: Formats;
  decimals: number;
  multiplierOf?: (view: unknown) => string | undefined;
  /** Changes after every round: the list reloads. */
  version: number;
  onVerify(roundId: string): void;
  onError(error: unknown): void;
}) {
  const { t, api, format } = props;
  const [rounds, setRounds] = useState<HistoryRound[] | null>(null);
  const [next, setNext] = useState<string | undefined>(undefined);

  useEffect(() => {
    let live = true;
    api.history(PAGE).then(
      (page) => {
        if (!live) return;
        setRounds(page.rounds);
        setNext(page.next);
      },
      (error: unknown) => live && props.onError(error),
    );
    return () => {
      live = false;
    };
  }, [api, props.version]);

  const more = async () => {
    if (!next) return;
    try {
      const page = await api.history(PAGE, next);
      setRounds([...(rounds ?? []), ...page.rounds]);
      setNext(page.next);
    } catch (error) {
      props.onError(error);
    }
  };

  if (rounds === null) return <p class="muted">{t("shell.loading")}</p>;
  if (rounds.length === 0)
    return (
      <p class="muted" data-testid="history-empty">
        {t("shell.history.empty")}
      </p>
    );
  const time = new Intl.DateTimeFormat(format.locale, {
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  });
  return (
    <div class="table-scroll">
      <table class="history-table" data-testid="history">
        <caption class="visually-hidden">{t("shell.history.caption")}</caption>
        <thead>
          <tr>
            <th scope="col">{t("shell.history.time")}</th>
            <th scope="col">{t("shell.history.stake")}</th>
            <th scope="col">{t("shell.history.multiplier")}</th>
            <th scope="col">{t("shell.history.payout")}</th>
            <th scope="col">
              <span class="visually-hidden">{t("shell.history.verify")}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {rounds.map((round) => {
            const stake = toMinor(round.stake, props.decimals) ?? 0n;
            const payout = toMinor(round.payout, props.decimals) ?? 0n;
            const cancelled = round.status === "cancelled";
            const multiplier = cancelled
              ? undefined
              : roundMultiplier({ stake, payout, view: round.view }, props.multiplierOf);
            const kind = outcomeOf(stake, payout);
            return (
              <tr key={round.id} data-round-id={round.id} data-outcome={cancelled ? "cancelled" : kind}>
                <td>{time.format(new Date(round.createdAt))}</td>
                <td>{format.amount(stake)}</td>
                <td class={`is-${kind}`} data-testid="history-multiplier">
                  {cancelled
                    ? t("shell.history.cancelled")
                    : multiplier === undefined
                      ? "-"
                      : format.multiplier(trimMultiplier(multiplier))}
                </td>
                <td class={`is-${kind}`}>{format.amount(payout)}</td>
                <td class="history-actions">
                  <button
                    type="button"
                    class="button button-ghost"
                    aria-label={t("shell.history.verifyRound", { id: round.id.slice(0, 8) })}
                    onClick={() => props.onVerify(round.id)}
                  >
                    <Icon name="verify" />
                    <span class="history-action-name">{t("shell.history.verify")}</span>
                  </button>
                  <a
                    class="button button-ghost"
                    href={round.replayUrl}
                    target="_blank"
                    rel="noopener noreferrer"
                    data-testid="history-replay"
                    aria-label={t("replay.historyLinkLabel", { id: round.id.slice(0, 8) })}
                  >
                    <Icon name="replay" />
                    <span class="history-action-name">{t("replay.historyLink")}</span>
                  </a>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {next && (
        <button type="button" class="button" onClick={() => void more()}>
          {t("shell.history.more")}
        </button>
      )}
    </div>
  );
}

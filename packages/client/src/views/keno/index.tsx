/** Keno: pick 1-10 of 80 numbers; 20 are drawn one by one; the hits pay by the risk's paytable. */
import { kenoGame } from "@rgs/games/games/keno/game";
import { maxPayoutOf } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { kenoDefaults, RISK_KEYS, readKeno } from "./params.ts";
import { kenoTable } from "./tables.ts";
import { KenoBoard, KenoControls, PaytableTable } from "./view-parts.tsx";

export const defaultParams = kenoDefaults(kenoGame);

export const maxPayout = maxPayoutOf(kenoGame);

function tableOf(props: GameViewProps): string[] {
  const rtp = rtpOf(props.gameCode);
  const choice = readKeno(props.params);
  return rtp ? kenoTable(rtp, choice.risk, choice.picks.length) : [];
}

export function Board(props: GameViewProps) {
  return <KenoBoard {...props} slug="keno" boardLabel={props.t("games.keno.board")} table={tableOf(props)} />;
}

export const Controls = (props: GameViewProps) => <KenoControls {...props} game={kenoGame} />;

export function Rules(props: GameViewProps) {
  const { t } = props;
  const choice = readKeno(props.params);
  const table = tableOf(props);
  return (
    <div class="views-rules keno-rules">
      <p>{t("games.keno.rules.intro")}</p>
      {table.length > 0 && (
        <>
          <p>
            {t("games.keno.rules.table", { count: choice.picks.length, risk: t(RISK_KEYS[choice.risk]) })}
          </p>
          <PaytableTable view={props} table={table} />
        </>
      )}
    </div>
  );
}

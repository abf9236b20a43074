/** Lightning Keno: Keno where three numbers are struck by lightning before the draw; hitting one multiplies the win. */
import { lightningKenoGame } from "@rgs/games/games/lightning_keno/game";
import { LIGHTNING_NUMBERS } from "@rgs/games/games/lightning_keno/paytable";
import { kenoDefaults, RISK_KEYS, readKeno } from "../keno/params.ts";
import { KenoBoard, KenoControls, PaytableTable } from "../keno/view-parts.tsx";
import { maxPayoutOf } from "../shared/payout.tsx";
import { rtpOf } from "../shared/rtp.ts";
import type { GameViewProps } from "../types.ts";
import { boostChances, lightningTable } from "./tables.ts";
import "./lightning_keno.css";

export const defaultParams = kenoDefaults(lightningKenoGame);

export const maxPayout = maxPayoutOf(lightningKenoGame);

function tableOf(props: GameViewProps): string[] {
  const rtp = rtpOf(props.gameCode);
  const choice = readKeno(props.params);
  return rtp ? lightningTable(rtp, choice.risk, choice.picks.length) : [];
}

export function Board(props: GameViewProps) {
  return (
    <KenoBoard
      {...props}
      slug="lightning_keno"
      boardLabel={props.t("games.lightning_keno.board")}
      table={tableOf(props)}
    />
  );
}

export const Controls = (props: GameViewProps) => <KenoControls {...props} game={lightningKenoGame} />;

export function Rules(props: GameViewProps) {
  const { t } = props;
  const choice = readKeno(props.params);
  const table = tableOf(props);
  return (
    <div class="views-rules lightning_keno-rules">
      <p>{t("games.lightning_keno.rules.intro", { count: LIGHTNING_NUMBERS })}</p>
      <table class="views-table">
        <thead>
          <tr>
            <th scope="col">{t("games.lightning_keno.boost")}</th>
            <th scope="col">{t("games.common.chance")}</th>
          </tr>
        </thead>
        <tbody>
          {boostChances().map((row) => (
            <tr key={row.boost}>
              <td>×{row.boost}</td>
              <td>{props.format.percent(row.chance)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {table.length > 0 && (
        <>
          <p>
            {t("games.lightning_keno.rules.table", {
              count: choice.picks.length,
              risk: t(RISK_KEYS[choice.risk]),
            })}
          </p>
          <PaytableTable view={props} table={table} />
        </>
      )}
    </div>
  );
}

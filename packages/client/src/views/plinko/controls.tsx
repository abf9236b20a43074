/** Rows and risk controls, shared by the three Plinko games. */
import { RISKS } from "@rgs/games/games/risk";
import type { GameDefinition } from "@rgs/games/model";
import { Choice } from "../shared/controls.tsx";
import { PayoutStat } from "../shared/payout.tsx";
import type { GameViewProps } from "../types.ts";
import { RISK_KEYS, ROW_CHOICES, readPlinko } from "./params.ts";

/** `game`: the launched Plinko's definition, for the maximum payout of the bet amount. */
export function PlinkoControls<P>(
  props: GameViewProps & { game: Pick<GameDefinition<P>, "parseParams" | "maxPayout"> },
) {
  const { t } = props;
  const params = readPlinko(props.params);
  return (
    <div class="plinko-controls views-grid">
      <Choice
        label={t("games.common.risk")}
        value={params.risk}
        options={RISKS.map((risk) => ({ value: risk, label: t(RISK_KEYS[risk]) }))}
        disabled={props.busy}
        onChange={(risk) => props.setParams({ ...params, risk })}
      />
      <label class="views-field">
        <span class="views-label">{t("games.plinko.rows")}</span>
        <select
          class="views-input"
          value={params.rows}
          disabled={props.busy}
          onChange={(event) =>
            props.setParams({ ...params, rows: Number((event.currentTarget as HTMLSelectElement).value) })
          }
        >
          {ROW_CHOICES.map((rows) => (
            <option key={rows} value={rows}>
              {rows}
            </option>
          ))}
        </select>
      </label>
      <PayoutStat game={props.game} view={props} kind="max" />
    </div>
  );
}

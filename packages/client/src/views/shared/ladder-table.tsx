/**
 * The rules table of the games that climb a ladder (Chicken Crossing, Doctor Pump, Towers, Mines, Mines Mania,
 * Coinflip, Rock Paper Scissors): each step, the multiplier it reaches and the chance of reaching it.
 */
import type { GameViewProps } from "../types.ts";

export interface Rung {
  /** Decimal string, 4 decimals. */
  multiplier: string;
  /** Percent, 2 decimals. */
  chance: string;
}

export function LadderTable(props: {
  view: Pick<GameViewProps, "t" | "format">;
  stepLabel: string;
  rungs: readonly Rung[];
}) {
  const { t, format } = props.view;
  return (
    <table class="views-table" data-testid="ladder-table">
      <thead>
        <tr>
          <th scope="col">{props.stepLabel}</th>
          <th scope="col">{t("games.common.multiplier")}</th>
          <th scope="col">{t("games.common.chance")}</th>
        </tr>
      </thead>
      <tbody>
        {props.rungs.map((rung, i) => (
          <tr key={i}>
            <td>{format.integer(i + 1)}</td>
            <td>{format.multiplier(rung.multiplier)}</td>
            <td>{format.percent(rung.chance)}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

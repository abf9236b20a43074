/** The rules table of a Plinko board: each bucket's multiplier and chance. */
import type { GameViewProps } from "../types.ts";
import { bucketChance } from "./tables.ts";

export function BucketTable(props: {
  view: Pick<GameViewProps, "t" | "format">;
  rows: number;
  multipliers: readonly string[];
}) {
  const { t, format } = props.view;
  return (
    <table class="views-table">
      <thead>
        <tr>
          <th scope="col">{t("games.plinko.bucket")}</th>
          <th scope="col">{t("games.common.multiplier")}</th>
          <th scope="col">{t("games.common.chance")}</th>
        </tr>
      </thead>
      <tbody>
        {props.multipliers.map((multiplier, k) => (
          <tr key={k}>
            <td>{format.integer(k + 1)}</td>
            <td>{format.multiplier(multiplier)}</td>
            <td>{format.percent(bucketChance(props.rows, k))}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

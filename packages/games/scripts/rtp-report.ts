/**
 * Prints the exact RTP of every configuration of every registered game code: the RTP (percent, and the exact
 * fraction in JSON), hit frequency, maximum multiplier and volatility, then each code's catalog figures: the
 * ranges of those three over its configurations, as `GET /operator/games` serves them, with the strategy they
 * assume. `--json` prints JSON. Exits 1 if any configuration is more than 0.01 percentage points from the RTP it
 * declares.
 *
 *   npm run rtp [-- --json] [-- --game <slug>]
 */
import { GAMES } from "@rgs/protocol/catalog";
import { percent, volatility, withinTolerance } from "../src/analysis/report.ts";
import { STRATEGIES } from "../src/catalog/parameters.ts";
import { rtpFromBasisPoints, toFixedDown, toFraction } from "../src/math/rational.ts";
import { ANALYSES } from "../src/registry.ts";

const args = process.argv.slice(2);
const json = args.includes("--json");
const gameFilter = args.includes("--game") ? args[args.indexOf("--game") + 1] : undefined;

interface Row {
  code: string;
  configuration: string;
  declaredRtp: string;
  rtp: string;
  rtpExact: string;
  hitFrequency: string;
  maxMultiplier: string;
  volatility: string;
  withinTolerance: boolean;
}

const rows: Row[] = [];
const skipped: string[] = [];
for (const info of GAMES) {
  if (gameFilter && info.slug !== gameFilter) continue;
  const analyze = ANALYSES[info.slug];
  if (!analyze) {
    skipped.push(info.code);
    continue;
  }
  const declared = rtpFromBasisPoints(info.rtpBasisPoints);
  for (const report of analyze(declared)) {
    const target = report.declaredRtp ?? declared;
    rows.push({
      code: info.code,
      configuration: report.configuration,
      declaredRtp: percent(target, 2),
      rtp: percent(report.rtp, 6),
      rtpExact: toFraction(report.rtp),
      hitFrequency: percent(report.hitFrequency, 4),
      maxMultiplier: toFixedDown(report.maxMultiplier, 4),
      volatility: volatility(report).toFixed(4),
      withinTolerance: withinTolerance(report.rtp, target),
    });
  }
}

const failures = rows.filter((row) => !row.withinTolerance);

/** Each code's catalog figures: the range of each figure over the code's configurations. */
function catalogOf(code: string) {
  const own = rows.filter((row) => row.code === code);
  const range = (key: "maxMultiplier" | "volatility" | "hitFrequency") => {
    const values = own.map((row) => row[key]).sort((a, b) => Number(a) - Number(b));
    return `${values[0]} to ${values[values.length - 1]}`;
  };
  const slug = GAMES.find((info) => info.code === code)?.slug ?? "";
  return {
    code,
    maxMultiplier: range("maxMultiplier"),
    volatility: range("volatility"),
    hitFrequency: range("hitFrequency"),
    strategy: STRATEGIES[slug] ?? "",
  };
}
const catalog = [...new Set(rows.map((row) => row.code))].map(catalogOf);

if (json) {
  process.stdout.write(
    `${JSON.stringify({ rows, catalog, failures: failures.length, notRegistered: skipped }, null, 2)}\n`,
  );
} else {
  const columns: [keyof Row, string][] = [
    ["code", "code"],
    ["configuration", "configuration"],
    ["declaredRtp", "declared %"],
    ["rtp", "exact RTP %"],
    ["hitFrequency", "hit %"],
    ["maxMultiplier", "max x"],
    ["volatility", "volatility"],
  ];
  const cells = rows.map((row) =>
    columns.map(([key]) => String(row[key]) + (key === "rtp" && !row.withinTolerance ? " !" : "")),
  );
  const widths = columns.map(([, title], i) =>
    Math.max(title.length, ...cells.map((c) => (c[i] as string).length)),
  );
  const line = (values: string[]) => values.map((v, i) => v.padEnd(widths[i] as number)).join("  ");
  process.stdout.write(
    `${line(columns.map(([, title]) => title))}\n${line(widths.map((w) => "-".repeat(w)))}\n`,
  );
  for (const c of cells) process.stdout.write(`${line(c)}\n`);
  process.stdout.write(
    "\nCatalog figures per code (ranges over its configurations, as GET /operator/games gives them):\n",
  );
  for (const c of catalog) {
    process.stdout.write(
      `${c.code}: max x ${c.maxMultiplier}, volatility ${c.volatility}, hit % ${c.hitFrequency}${c.strategy ? `; assumes ${c.strategy}` : ""}\n`,
    );
  }
  process.stdout.write(
    `\n${rows.length} configurations, ${failures.length} outside 0.01 pp of their declared RTP.` +
      (skipped.length ? ` Codes without a registered game: ${skipped.length}.` : "") +
      "\n",
  );
}
process.exitCode = failures.length > 0 ? 1 : 0;

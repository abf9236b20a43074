import { readAnswerRecord } from "@rgs/protocol/wallet-callbacks";
import type { CallbackName, Exchange } from "../model.ts";
import { type CheckDefinition, type CheckRun, isOk } from "./check-run.ts";
import { RULES } from "./rules.ts";

const EXAMPLES = 5;

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function asObject(value: unknown): Record<string, unknown> | undefined {
  return typeof value === "object" && value !== null && !Array.isArray(value)
    ? (value as Record<string, unknown>)
    : undefined;
}

/** Exchanges of the run before this check, answered HTTP 200. */
function answered(
  t: CheckRun,
): { exchange: Exchange; request?: Record<string, unknown>; response: unknown }[] {
  return t.env.exchanges
    .filter((exchange) => exchange.response?.status === 200)
    .map((exchange) => ({
      exchange,
      request: asObject(parseJson(exchange.request.body)),
      response: parseJson(exchange.response?.body ?? ""),
    }));
}

function percentile(sorted: readonly number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] ?? 0;
}

/** Settles the difference between the balance now and at the start with one round, and reports what is left. */
async function settle(t: CheckRun, start: bigint): Promise<void> {
  const now = await t.readBalance("at the end of the run");
  t.env.money = { playerId: t.player, startBalance: t.money(start), settlement: [] };
  const money = t.env.money;
  if (now !== start) {
    const drift = now - start;
    t.note(
      `The run left the balance at ${t.money(now)}, ${t.signed(drift)} from the start; settling with one round.`,
    );
    const roundId = t.id("rd");
    if (drift > 0n) {
      await t.debit(
        { transactionId: t.id("tx"), roundId, amount: drift },
        `settlement: debit the surplus ${t.money(drift)}`,
      );
      await t.credit(
        { transactionId: t.id("tx"), roundId, amount: "0", roundClosed: true },
        "settlement: close the round",
      );
      money.settlement.push(`debited ${t.money(drift)} in round ${roundId}`);
    } else {
      const stake = await t.debit(
        { transactionId: t.id("tx"), roundId, amount: t.stake },
        "settlement: debit one stake",
      );
      const payout = isOk(stake) ? t.stake - drift : -drift;
      await t.credit(
        { transactionId: t.id("tx"), roundId, amount: payout, roundClosed: true },
        `settlement: credit ${t.money(payout)}, returning the deficit`,
      );
      money.settlement.push(`credited ${t.money(-drift)} net in round ${roundId}`);
    }
  }
  const end = now === start ? now : await t.readBalance("after the settlement");
  money.endBalance = t.money(end);
  money.netMovement = t.signed(end - start).replace(/^\+0$/, "0");
  if (end !== start) {
    t.fail(
      `The tester could not put the balance back: it started at ${t.money(start)} and ends at ${t.money(end)} (${t.signed(end - start)}).`,
      {
        expected: `balance ${t.money(start)}`,
        rule: RULES.tester("the tester leaves the test player's balance where it found it"),
      },
    );
  }
}

export const consistencyChecks: CheckDefinition[] = [
  {
    id: "consistency.balance-steps",
    category: "Consistency",
    title: "Balance after every step",
    requirement:
      "through a round of debit, extra debit, intermediate credit, rollback of the first debit and closing credit 0, every answer carries the balance the tester expects and the balance callback agrees after each step",
    source: RULES.tester("balance consistency after every step"),
    async run(t) {
      let expected = await t.readBalance("before the round");
      const roundId = t.id("rd");
      const firstDebit = t.id("tx");
      const steps: { label: string; delta: bigint; send: () => ReturnType<CheckRun["debit"]> }[] = [
        {
          label: "debit three stakes",
          delta: -3n * t.stake,
          send: () =>
            t.debit({ transactionId: firstDebit, roundId, amount: 3n * t.stake }, "debit three stakes"),
        },
        {
          label: "extra debit of one stake",
          delta: -t.stake,
          send: () =>
            t.debit({ transactionId: t.id("tx"), roundId, amount: t.stake }, "extra debit of one stake"),
        },
        {
          label: "intermediate credit of one stake",
          delta: t.stake,
          send: () =>
            t.credit(
              { transactionId: t.id("tx"), roundId, amount: t.stake, roundClosed: false },
              "intermediate credit of one stake",
            ),
        },
        {
          label: "rollback of the first debit",
          delta: 3n * t.stake,
          send: () =>
            t.rollback(
              { transactionId: t.id("tx"), reverseTransactionId: firstDebit, roundId, roundClosed: false },
              "rollback of the first debit",
            ),
        },
        {
          label: "closing credit 0",
          delta: 0n,
          send: () =>
            t.credit(
              { transactionId: t.id("tx"), roundId, amount: "0", roundClosed: true },
              "closing credit 0",
            ),
        },
      ];
      for (const step of steps) {
        const reply = await step.send();
        if (!t.requireOk(reply, `The ${step.label}`, RULES.tester("balance consistency after every step")))
          break;
        expected += step.delta;
        t.expectAnswered(reply, expected, `The ${step.label}`);
        expected = await t.expectBalance(
          expected,
          `after the ${step.label}`,
          `the ${step.label} moves ${t.signed(step.delta)}`,
        );
      }
    },
  },
  {
    id: "consistency.request-id-echo",
    category: "Consistency",
    title: "requestId echoed in every answer",
    requirement: "every HTTP 200 answer of the run carries the requestId of the request it answers",
    source: RULES.requestIdEcho,
    async run(t) {
      const wrong = answered(t).filter(({ request, response }) => {
        const sent = request?.requestId;
        return typeof sent === "string" && asObject(response)?.requestId !== sent;
      });
      if (wrong.length > 0) {
        const first = wrong[0];
        const got = asObject(first?.response)?.requestId;
        t.fail(
          `${wrong.length} answer(s) did not echo the request's requestId; e.g. ${JSON.stringify(first?.request?.requestId)} was answered with ${JSON.stringify(got)}.`,
          {
            expected: "requestId in each response equal to the request's",
            rule: RULES.requestIdEcho,
          },
        );
        t.findings.at(-1)?.exchanges.push(...wrong.slice(0, EXAMPLES).map(({ exchange }) => exchange.seq));
      }
    },
  },
  {
    id: "consistency.response-format",
    category: "Consistency",
    title: "Answers in the callback format",
    requirement:
      "every HTTP 200 answer of the run is one JSON object whose status is one of the spec's statuses; an OK carries balance as a decimal string",
    source: `${RULES.statusList}; ${RULES.decimalStrings}`,
    async run(t) {
      const problems: { seq: number; what: string }[] = [];
      for (const { exchange, response } of answered(t)) {
        const body = asObject(response);
        // Read as the RGS reads it; ERROR_UNKNOWN is ambiguous for the RGS but still in the format.
        const read = body === undefined ? undefined : readAnswerRecord(exchange.callback, body, t.decimals);
        if (body === undefined) {
          problems.push({ seq: exchange.seq, what: "the body is not a JSON object" });
        } else if (read?.outcome === "ambiguous" && read.reason === "unknown_status") {
          problems.push({
            seq: exchange.seq,
            what: `status ${JSON.stringify(body.status)} is not one of the spec's statuses`,
          });
        } else if (read?.outcome === "ambiguous" && read.reason !== "error_unknown") {
          problems.push({
            seq: exchange.seq,
            what: `an OK with balance ${JSON.stringify(body.balance)}, not a decimal string`,
          });
        }
      }
      if (problems.length > 0) {
        t.fail(
          `${problems.length} answer(s) are not in the callback format; e.g. exchange #${problems[0]?.seq}: ${problems[0]?.what}.`,
          {
            expected: 'a JSON object such as {"requestId":"…","status":"OK","balance":"100.00"}',
            rule: `${RULES.statusList}; ${RULES.decimalStrings}`,
          },
        );
        t.findings.at(-1)?.exchanges.push(...problems.slice(0, EXAMPLES).map((p) => p.seq));
      }
    },
  },
  {
    id: "consistency.latency",
    category: "Consistency",
    title: "Latency per callback",
    requirement:
      "the 95th percentile of each callback's answer time (requests sent one at a time) is below the latency threshold (default 1 s); above it gives a warning",
    source: RULES.tester("p95 latency per callback below the threshold"),
    async run(t) {
      const threshold = t.env.config.latencyThresholdMs;
      const byCallback = new Map<CallbackName, number[]>();
      for (const exchange of t.env.exchanges) {
        if (exchange.concurrent || exchange.response === undefined) continue;
        const list = byCallback.get(exchange.callback) ?? [];
        list.push(exchange.durationMs);
        byCallback.set(exchange.callback, list);
      }
      const lines: string[] = [];
      for (const [callback, durations] of byCallback) {
        const sorted = [...durations].sort((a, b) => a - b);
        const p50 = percentile(sorted, 50);
        const p95 = percentile(sorted, 95);
        const max = sorted.at(-1) ?? 0;
        lines.push(`${callback}: ${sorted.length} calls, p50 ${p50} ms, p95 ${p95} ms, max ${max} ms`);
        if (p95 > threshold) {
          t.warn(
            `The ${callback} callback answers slowly: p95 ${p95} ms is above the ${threshold} ms threshold.`,
            {
              expected: `p95 below ${threshold} ms`,
              rule: RULES.tester("p95 latency per callback below the threshold"),
            },
          );
        }
      }
      t.note(lines.join("; "));
      const timeouts = t.env.exchanges.filter((exchange) => exchange.error !== undefined);
      if (timeouts.length > 0) {
        t.warn(`${timeouts.length} request(s) got no HTTP answer, e.g. ${timeouts[0]?.error}.`, {
          expected: "an answer to every callback within the timeout",
          rule: RULES.tester("p95 latency per callback below the threshold"),
        });
        t.findings.at(-1)?.exchanges.push(...timeouts.slice(0, EXAMPLES).map((e) => e.seq));
      }
    },
  },
  {
    id: "consistency.balance-restored",
    category: "Consistency",
    title: "Balance left where it was found",
    requirement:
      "at the end of the run the test player's balance equals the balance at the start; the tester settles any difference with one round and reports what it could not undo",
    source: RULES.tester("the tester leaves the test player's balance where it found it"),
    async run(t) {
      const start = t.env.startBalance;
      if (start === undefined)
        return t.skip("the starting balance is unknown (the Happy Path balance check did not complete)");
      await settle(t, start);
    },
  },
];

import { randomUUID } from "node:crypto";
import type { FreeRoundMetadata } from "@rgs/protocol/free-rounds";
import type { CheckDefinition, CheckRun } from "./check-run.ts";
import { RULES } from "./rules.ts";

const SPEC_FREE_ROUNDS = "Free rounds contract (docs/callbacks.md#free-rounds)";
const RULE = RULES.tester("a free round opens with a debit of 0 carrying metadata.freeRound");

/** The metadata text of a free round's opening debit, as the RGS sends it. */
function freeRoundMetadata(roundsRemaining: number): string {
  const freeRound: FreeRoundMetadata = {
    campaignId: randomUUID(),
    grantId: randomUUID(),
    reference: `tester-grant-${randomUUID().slice(0, 8)}`,
    roundsRemaining,
  };
  return JSON.stringify({ reason: "bet", freeRound });
}

/** Opens a free round: a debit of "0" with its campaign; stops the check when the wallet refuses it. */
async function openFreeRound(t: CheckRun, before: bigint, label: string) {
  const roundId = t.id("rd");
  const transactionId = t.id("tx");
  const metadata = freeRoundMetadata(4);
  const reply = await t.debit({ transactionId, roundId, amount: "0", metadata }, label);
  if (
    !t.requireOk(
      reply,
      "The free round's debit of 0 with metadata.freeRound",
      RULE,
      "HTTP 200 with status OK: a free round's 0 debit is accepted and moves nothing",
    )
  ) {
    t.stop("The free round could not be opened: the wallet does not implement the free-round contract.");
  }
  t.expectAnswered(reply, before, "The free round's debit of 0");
  return { roundId, transactionId, metadata };
}

export const freeRoundChecks: CheckDefinition[] = [
  {
    id: "free-rounds.zero-debit",
    category: "Free Rounds",
    title: "Free round's 0 debit accepted, its win paid",
    requirement:
      'a debit of "0" whose metadata carries freeRound is answered OK without moving the balance, and the round\'s credit pays the win',
    source: SPEC_FREE_ROUNDS,
    async run(t) {
      const before = await t.readBalance("before the free round");
      const round = await openFreeRound(t, before, "a free round's debit of 0");
      await t.expectBalance(before, "after the free round's debit", "a free round's debit takes nothing");
      const win = t.stake * 2n;
      const credit = await t.credit(
        { transactionId: t.id("tx"), roundId: round.roundId, amount: win, roundClosed: true },
        "the free round's win, closing the round",
      );
      if (t.requireOk(credit, "The free round's credit", RULE)) {
        t.expectAnswered(credit, before + win, "The free round's credit");
      }
      await t.expectBalance(before + win, "after the free round's credit", "the free round's win is paid");
      // Hand the win back so the run ends where it started.
      const giveBack = t.id("rd");
      await t.debit(
        { transactionId: t.id("tx"), roundId: giveBack, amount: win },
        "return the win (clean-up)",
      );
      await t.credit(
        { transactionId: t.id("tx"), roundId: giveBack, amount: 0n, roundClosed: true },
        "close the clean-up round",
      );
    },
  },
  {
    id: "free-rounds.zero-debit-replay",
    category: "Free Rounds",
    title: "Free round's 0 debit sent twice",
    requirement:
      "a free round's 0 debit sent again with the same transactionId is answered OK again, and its round's loss (a credit of 0) closes it",
    source: SPEC_FREE_ROUNDS,
    async run(t) {
      const before = await t.readBalance("before the free round");
      const round = await openFreeRound(t, before, "a free round's debit of 0");
      const replay = await t.debit(
        { transactionId: round.transactionId, roundId: round.roundId, amount: "0", metadata: round.metadata },
        "the same free round's debit again (retry with a new requestId)",
      );
      t.requireOk(replay, "The replayed free round's debit", RULES.replaySameAnswer);
      const credit = await t.credit(
        { transactionId: t.id("tx"), roundId: round.roundId, amount: 0n, roundClosed: true },
        "the free round's loss (credit of 0), closing the round",
      );
      t.requireOk(credit, "The free round's credit of 0", RULES.zeroCredit);
      await t.expectBalance(before, "after the free round", "a lost free round moves nothing");
    },
  },
];

/**
 * Builds the game definition of a blackjack code from its table kind and rules: the wallet operations of each
 * step, the maximum-win refusals made before any money moves, and what the player may see.
 */
import type { GameDefinition, Parsed, Step } from "../../model.ts";
import type { ActionInput } from "../cash-out.ts";
import { accept, isRecord, refuse } from "../params.ts";
import { alreadySettled } from "../single-round.ts";
import { DECK } from "./cards.ts";
import type { BlackjackRules } from "./rules.ts";
import {
  ACTIONS,
  abandonTable,
  applyAction,
  dealTable,
  legalActions,
  openingWorstCase,
  type SeatBets,
  type TableAction,
  type TableState,
  type TableView,
  tableStep,
  tableView,
  worstCase,
} from "./table.ts";

export interface TableGameConfig<P> {
  slug: string;
  table: TableState["table"];
  rules: BlackjackRules;
  /** Intermediate credit of what the deal decides (the multi-seat game). */
  dealCredits: boolean;
  parseParams: GameDefinition<P>["parseParams"];
  seatsOf(params: P, stake: bigint): SeatBets[];
  stakeOf(params: P, amount: bigint): bigint;
}

const ACTION_EXAMPLE = '{"action":"hit"}';

export function tableGame<P>(
  config: TableGameConfig<P>,
): GameDefinition<P, TableState, TableAction, TableView> {
  const { rules } = config;
  const insuranceStake = (state: TableState) => BigInt(state.seats[state.active?.seat ?? 0]?.bet ?? "0") / 2n;

  function parseAction(input: unknown, state: TableState): Parsed<TableAction> {
    if (state.phase === "settled") return refuse("round_closed", "This round is over: start a new round.");
    if (!isRecord(input) || typeof input.action !== "string") {
      return refuse("invalid_action", `An action is an object such as ${ACTION_EXAMPLE}.`);
    }
    const { action, params } = input as unknown as ActionInput;
    if (!(ACTIONS as readonly string[]).includes(action)) {
      return refuse(
        "unknown_action",
        `Unknown blackjack action "${action}": use one of ${ACTIONS.join(", ")}.`,
      );
    }
    if (
      !(params === undefined || params === null || (isRecord(params) && Object.keys(params).length === 0))
    ) {
      return refuse("invalid_action", `${action} takes no params: it acts on the hand in play.`);
    }
    const legal = legalActions(rules, state);
    if (!legal.includes(action as TableAction["action"])) {
      return refuse(
        "illegal_action",
        `"${action}" is not allowed now; allowed: ${legal.join(", ") || "none"}.`,
      );
    }
    const maxWin = BigInt(state.maxWin);
    const now = worstCase(rules, state);
    const seat = state.seats[state.active?.seat ?? 0];
    const hand = seat?.hands[state.active?.hand ?? 0];
    let extra = 0n;
    if (action === "double" && hand) extra = 2n * BigInt(hand.stake);
    if (action === "split" && seat) extra = 2n * BigInt(seat.bet);
    if (action === "insurance") {
      if (insuranceStake(state) === 0n) {
        return refuse(
          "insurance_too_small",
          "Half of this seat's bet is below the currency's smallest unit.",
        );
      }
      extra = 3n * insuranceStake(state);
    }
    if (extra > 0n && now + extra > maxWin) {
      return refuse(
        "max_win_exceeded",
        `This ${action} could make the round pay more than the maximum win; play the hand without it.`,
      );
    }
    return accept({ action } as TableAction);
  }

  const withPosition = (state: TableState, position: number): TableState => ({
    ...state,
    randomPosition: position,
  });

  return {
    slug: config.slug,
    kind: "table",
    parseParams: config.parseParams,
    stakeOf: config.stakeOf,
    maxPayout: (params, stake) => openingWorstCase(rules, config.seatsOf(params, stake)),

    start({ stake, params, maxWin }, { random }) {
      const seats = config.seatsOf(params, stake);
      if (openingWorstCase(rules, seats) > maxWin) {
        const empty: TableState = {
          table: config.table,
          maxWin: maxWin.toString(),
          seats: [],
          dealer: [],
          phase: "settled",
          active: null,
          dealPaid: "0",
          ending: null,
          randomPosition: 0,
        };
        return {
          state: empty,
          view: tableView(rules, empty),
          ops: [],
          closed: true,
          note: "bet_exceeds_max_win",
        };
      }
      const dealt = dealTable(config.table, rules, seats, maxWin, () => random.nextInt(DECK));
      const state = withPosition(dealt, random.position);
      return tableStep(
        rules,
        undefined,
        state,
        [{ kind: "debit", amount: stake, reason: "bet" }],
        config.dealCredits,
      );
    },

    parseAction: (input, state) => parseAction(input, state),

    act(state, action, { random }) {
      const seat = state.seats[state.active?.seat ?? 0];
      const hand = seat?.hands[state.active?.hand ?? 0];
      const debits: Step<TableState, TableView>["ops"] = [];
      if (action.action === "double" && hand)
        debits.push({ kind: "debit", amount: BigInt(hand.stake), reason: "double" });
      if (action.action === "split" && seat)
        debits.push({ kind: "debit", amount: BigInt(seat.bet), reason: "split" });
      if (action.action === "insurance") {
        debits.push({ kind: "debit", amount: insuranceStake(state), reason: "insurance" });
      }
      const next = applyAction(state, rules, action, () => random.nextInt(DECK));
      return tableStep(rules, state, withPosition(next, random.position), debits, config.dealCredits);
    },

    onDebitRefused(stateBefore) {
      return { state: stateBefore, view: tableView(rules, stateBefore), ops: [], closed: false };
    },

    abandon(state, { random }) {
      if (state.phase === "settled") return alreadySettled(state, tableView(rules, state));
      const next = abandonTable(state, rules, () => random.nextInt(DECK));
      return tableStep(rules, state, withPosition(next, random.position), [], config.dealCredits);
    },

    reveal: (state) => ({
      dealer: [...state.dealer],
      seats: state.seats.map((seat) => ({
        dealt: [...seat.dealt],
        hands: seat.hands.map((hand) => ({
          cards: [...hand.cards],
          stake: hand.stake,
          doubled: hand.doubled,
        })),
        insurance: seat.insurance,
      })),
      wordsRead: state.randomPosition,
    }),
  };
}

import { resolveCurrency } from "@rgs/protocol/currencies";
import type { RoundRow } from "../rounds/round-repository.ts";
import type { TransactionRow } from "../rounds/transaction-repository.ts";
import type { DebitResult, WalletGateway } from "../rounds/wallet-gateway.ts";
import type { GameSession } from "../store/sessions-repository.ts";
import { newRequestId, type WalletClient } from "./wallet-client.ts";

export interface RemoteGatewayOptions {
  /** The operator's wallet client (from the client pool, with the operator's current URL and secret). */
  wallets: (operatorId: string) => Promise<WalletClient>;
}

/** Real play through the operator's wallet: each send is the stored row's bytes, re-signed by the client. */
export class RemoteWalletGateway implements WalletGateway {
  readonly #wallets: RemoteGatewayOptions["wallets"];

  constructor(options: RemoteGatewayOptions) {
    this.#wallets = options.wallets;
  }

  async sendDebit(round: RoundRow, tx: TransactionRow): Promise<DebitResult> {
    let client: WalletClient;
    try {
      client = await this.#wallets(round.operatorId);
    } catch (error) {
      // Nothing was sent, so the player's money certainly did not move.
      return { outcome: "refused", status: "WALLET_NOT_CONFIGURED", answer: { error: describe(error) } };
    }
    const answer = await client.send("debit", tx.requestBody, tx.requestId, round.decimals);
    if (answer.outcome === "ambiguous") {
      return {
        outcome: "ambiguous",
        reason: `${answer.reason}: ${answer.detail}`,
        ...(answer.httpStatus !== undefined && { httpStatus: answer.httpStatus }),
        ...(answer.raw !== undefined && { raw: answer.raw }),
      };
    }
    const body = parseAnswer(answer.raw);
    if (answer.outcome === "ok")
      return { outcome: "ok", balance: answer.balanceMinor, answer: body, raw: answer.raw };
    return {
      outcome: "refused",
      status: answer.status,
      ...(answer.customUserError !== undefined && { customUserError: answer.customUserError }),
      answer: body,
      raw: answer.raw,
    };
  }

  async balance(session: GameSession): Promise<{ balance: bigint } | { unavailable: string }> {
    const decimals = resolveCurrency(session.currency)?.decimals;
    if (decimals === undefined) return { unavailable: `unknown currency ${session.currency}` };
    let client: WalletClient;
    try {
      client = await this.#wallets(session.operatorId);
    } catch (error) {
      return { unavailable: describe(error) };
    }
    const { answer } = await client.balance({
      requestId: newRequestId(),
      playerId: session.playerId,
      sessionToken: session.id,
      decimals,
    });
    if (answer.outcome === "ok") return { balance: answer.balanceMinor };
    return { unavailable: answer.outcome === "refused" ? answer.status : answer.reason };
  }
}

function parseAnswer(raw: string): unknown {
  try {
    return JSON.parse(raw);
  } catch {
    return raw;
  }
}

function describe(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

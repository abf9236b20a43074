import type { Socket } from "node:net";
import { type CallbackRequests, callbackPath, checkCallbackRequest } from "@rgs/protocol/wallet-callbacks";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { authenticate } from "./callbacks/authenticate.ts";
import { balance } from "./callbacks/balance.ts";
import {
  CALLBACK_NAMES,
  type CallbackAnswer,
  type CallbackContext,
  type CallbackHandler,
  type CallbackName,
  Refusal,
} from "./callbacks/callback.ts";
import { credit } from "./callbacks/credit.ts";
import { debit } from "./callbacks/debit.ts";
import { rollback } from "./callbacks/rollback.ts";
import type { FaultSchedule } from "./faults.ts";
import { bodyText, parseJsonObject } from "./json-body.ts";
import { verifyCallback } from "./signature.ts";

const HANDLERS: { [K in CallbackName]: CallbackHandler<K> } = {
  authenticate,
  debit,
  credit,
  balance,
  rollback,
};

function runHandler<K extends CallbackName>(
  name: K,
  request: CallbackRequests[K],
  ctx: CallbackContext,
  body: Record<string, unknown>,
): Promise<CallbackAnswer> {
  const handler: CallbackHandler<K> = HANDLERS[name];
  return handler(request, ctx, body);
}

export interface CallbackRoutesOptions {
  basePath: string;
  secrets: readonly string[];
  operatorId: string | undefined;
  signatureWindowSeconds: number;
  context: CallbackContext;
  /** Unix seconds, possibly fractional. */
  clock: () => number;
  faults: FaultSchedule | undefined;
}

function answer(requestId: string | undefined, body: CallbackAnswer): Record<string, unknown> {
  return requestId === undefined ? { ...body } : { requestId, ...body };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * The five callbacks under the configured prefix. Every call is checked in this order: signature
 * (HTTP 401 ERROR_INVALID_SIGNATURE), JSON shape and the contract's field rules (ERROR_WRONG_SYNTAX),
 * then the callback's own rules. Everything processed is answered HTTP 200 with the outcome in `status`. An unexpected
 * failure (the database is down) is answered HTTP 500 ERROR_UNKNOWN, so the RGS retries a credit or
 * rollback and rolls back a debit instead of taking the failure as an answer.
 */
export function registerCallbackRoutes(app: FastifyInstance, opts: CallbackRoutesOptions): void {
  const held = new Map<Socket, NodeJS.Timeout>();
  app.addHook("preClose", async () => {
    for (const [socket, timer] of held) {
      clearTimeout(timer);
      socket.destroy();
    }
    held.clear();
  });

  function drop(request: FastifyRequest, reply: FastifyReply): FastifyReply {
    reply.hijack();
    request.raw.socket.destroy();
    return reply;
  }

  function hang(request: FastifyRequest, reply: FastifyReply, ms: number): FastifyReply {
    reply.hijack();
    const socket = request.raw.socket;
    const timer = setTimeout(() => {
      held.delete(socket);
      socket.destroy();
    }, ms);
    held.set(socket, timer);
    return reply;
  }

  async function handle(name: CallbackName, request: FastifyRequest, reply: FastifyReply) {
    const raw = bodyText(request.body);
    const parsed = parseJsonObject(raw);
    const sentId = parsed.ok ? parsed.value.requestId : undefined;
    const requestId = typeof sentId === "string" ? sentId : undefined;

    const auth = verifyCallback({
      secrets: opts.secrets,
      operatorId: opts.operatorId,
      windowSeconds: opts.signatureWindowSeconds,
      headers: request.headers,
      rawUrl: request.raw.url ?? request.url,
      body: raw,
      nowSeconds: opts.clock(),
    });
    if (!auth.ok) {
      request.log.warn(
        { callback: name, requestId, reason: auth.reason, detail: auth.detail },
        "callback refused",
      );
      return reply.code(401).send(answer(requestId, { status: "ERROR_INVALID_SIGNATURE" }));
    }

    const fault = opts.faults?.take(name);
    if (fault !== undefined) request.log.warn({ callback: name, fault }, "injecting a fault");
    if (fault?.mode === "slow") await sleep(fault.delayMs);
    if (fault?.mode === "error_before") {
      return reply.code(500).send(answer(requestId, { status: "ERROR_UNKNOWN" }));
    }
    if (fault?.mode === "drop_before") return drop(request, reply);

    let result: CallbackAnswer;
    let detail: string | undefined;
    const check = parsed.ok ? checkCallbackRequest(name, parsed.value) : undefined;
    if (!parsed.ok) {
      result = { status: "ERROR_WRONG_SYNTAX" };
      detail = parsed.detail;
    } else if (check === undefined || !check.ok) {
      result = { status: "ERROR_WRONG_SYNTAX" };
      detail = check?.detail;
    } else {
      try {
        result = await runHandler(name, check.request, opts.context, parsed.value);
      } catch (error) {
        if (!(error instanceof Refusal)) {
          request.log.error({ callback: name, requestId, err: error }, "callback failed");
          return reply.code(500).send(answer(requestId, { status: "ERROR_UNKNOWN" }));
        }
        result = { status: error.status, ...error.extra };
        detail = error.message;
      }
    }
    const fields = parsed.ok ? parsed.value : {};
    request.log.info(
      {
        callback: name,
        requestId,
        playerId: typeof fields.playerId === "string" ? fields.playerId.slice(0, 256) : undefined,
        transactionId:
          typeof fields.transactionId === "string" ? fields.transactionId.slice(0, 256) : undefined,
        status: result.status,
        detail,
      },
      "callback answered",
    );

    if (fault?.mode === "error_after") {
      return reply.code(500).send(answer(requestId, { status: "ERROR_UNKNOWN" }));
    }
    if (fault?.mode === "drop_after") return drop(request, reply);
    if (fault?.mode === "hang_after") return hang(request, reply, fault.delayMs);
    return reply.code(200).send(answer(requestId, result));
  }

  for (const name of CALLBACK_NAMES) {
    app.post(`${opts.basePath}${callbackPath(name)}`, (request, reply) => handle(name, request, reply));
  }
}

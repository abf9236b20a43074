import type { Exchange } from "../model.ts";

/**
 * The request and the answer of one exchange as plain text, headers included. Bodies are shown exactly
 * as sent and received: the request body is the signed text, byte for byte.
 */
export function exchangeText(exchange: Exchange): string {
  const lines: string[] = [];
  lines.push(`#${exchange.seq} ${exchange.label}`);
  lines.push(`> ${exchange.request.method} ${exchange.request.url}`);
  for (const [name, value] of Object.entries(exchange.request.headers)) lines.push(`> ${name}: ${value}`);
  lines.push(`> ${exchange.request.body}`);
  if (exchange.response === undefined) {
    lines.push(`< no answer after ${exchange.durationMs} ms: ${exchange.error ?? "unknown error"}`);
  } else {
    lines.push(`< HTTP ${exchange.response.status} (${exchange.durationMs} ms)`);
    const type = exchange.response.headers["content-type"];
    if (type !== undefined) lines.push(`< content-type: ${type}`);
    lines.push(`< ${exchange.response.body === "" ? "(empty body)" : exchange.response.body}`);
  }
  return lines.join("\n");
}

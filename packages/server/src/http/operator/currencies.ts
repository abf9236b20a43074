import { CURRENCIES, CURRENCY_ALIASES } from "@rgs/protocol/currencies";
import { CurrenciesResponse, type CurrencyEntry } from "@rgs/protocol/operator-api";
import type { FastifyInstance } from "fastify";
import { OPERATOR_ERROR_RESPONSES, OPERATOR_SECURITY } from "./route-schema.ts";

function currencyEntries(): CurrencyEntry[] {
  return CURRENCIES.map((currency) => {
    const aliases = Object.entries(CURRENCY_ALIASES)
      .filter(([, canonical]) => canonical === currency.code)
      .map(([alias]) => alias);
    return {
      code: currency.code,
      name: currency.name,
      decimals: currency.decimals,
      kind: currency.kind,
      ...currency.defaultLimits,
      ...(aliases.length > 0 ? { aliases } : {}),
    };
  });
}

export function registerCurrenciesRoute(scope: FastifyInstance): void {
  const body = { currencies: currencyEntries() };
  scope.get(
    "/operator/currencies",
    {
      schema: {
        summary: "List the supported currencies",
        description:
          "Every currency a session can be launched in, with its decimals and default bet limits (the limits configured for your operator may be narrower).",
        operationId: "listCurrencies",
        tags: ["operator"],
        security: OPERATOR_SECURITY,
        response: {
          200: { ...CurrenciesResponse, description: "The supported currencies." },
          ...OPERATOR_ERROR_RESPONSES,
        },
      },
    },
    async () => body,
  );
}

import { type HostResolver, privateAddressDetail, privateAddressOf } from "../wallet/private-network.ts";
import { OperatorError } from "./operator-error.ts";

/** Refuses a callback URL that is or resolves to a non-public address, as production does (docs/operations.md). */
export async function refusePrivateCallback(callbackUrl: string, resolve: HostResolver): Promise<void> {
  const url = new URL(callbackUrl);
  const found = await privateAddressOf(url, resolve);
  if (found === undefined) return;
  throw new OperatorError(
    "callback_url_private_network",
    `The callback URL ${JSON.stringify(callbackUrl)} points into a private network: ${privateAddressDetail(url, found)}`,
  );
}

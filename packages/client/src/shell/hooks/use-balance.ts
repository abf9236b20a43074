/**
 * The balance shown in the top bar, in minor units: set from the server's answers, lowered while a bet is in
 * flight and put back if it fails. A real-money balance shown can be stale (the casino's wallet moves it
 * too): `refresh` reads it again from the server, which stays the authority.
 */
import { useCallback, useRef, useState } from "preact/hooks";
import type { GameApi } from "../../api/client.ts";
import { toMinor } from "../bet-amount.ts";

export interface Balance {
  /** Minor units, or null when the server could not tell. */
  value: bigint | null;
  set(minor: bigint | null): void;
  /** A decimal string of the API; ignored when it is not one. */
  setText(text: string | null | undefined): void;
  /** The balance the latest answer left, for code that runs between renders. */
  current(): bigint | null;
  /** POST /game/current: the balance now (null when the server cannot tell); throws what the API throws. */
  refresh(): Promise<bigint | null>;
}

export function useBalance(api: GameApi, initial: string | null, decimals: number): Balance {
  const [value, setValue] = useState<bigint | null>(() => toMinor(initial, decimals) ?? null);
  const latest = useRef(value);
  const set = useCallback((minor: bigint | null) => {
    latest.current = minor;
    setValue(minor);
  }, []);
  const setText = useCallback(
    (text: string | null | undefined) => {
      const read = toMinor(text, decimals);
      if (read !== undefined) set(read);
    },
    [decimals, set],
  );
  const refresh = useCallback(async () => {
    const state = await api.current();
    const read = toMinor(state.balance, decimals) ?? null;
    set(read);
    return read;
  }, [api, decimals, set]);
  return { value, set, setText, current: () => latest.current, refresh };
}

/**
 * The chip value of a multi-bet view, shared by its Board (which places chips) and its Controls (which choose
 * the value). It is not part of the bet's params: the server refuses unknown parameters.
 */
import { useEffect, useState } from "preact/hooks";

export interface ChipStore {
  get(): bigint | undefined;
  set(minor: bigint): void;
  subscribe(listener: (minor: bigint | undefined) => void): () => void;
}

export function createChipStore(): ChipStore {
  let value: bigint | undefined;
  const listeners = new Set<(minor: bigint | undefined) => void>();
  return {
    get: () => value,
    set(minor) {
      value = minor;
      for (const listener of listeners) listener(minor);
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The chosen chip value, or one unit of the currency until the player picks one. */
export function useChip(store: ChipStore, decimals: number): bigint {
  const [value, setValue] = useState(store.get());
  useEffect(() => store.subscribe(setValue), [store]);
  return value ?? 10n ** BigInt(decimals);
}

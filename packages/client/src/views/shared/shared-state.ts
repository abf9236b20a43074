/**
 * State a view shares between its Board, Controls and Actions (the chip value a table uses, the bets waiting
 * for the next roll) for as long as the game is on screen. The shell makes one per game screen and hands it
 * to the view: nothing lives at module level, so two screens (or a replay beside a live game) never share it.
 */
import { useEffect, useState } from "preact/hooks";

export interface SharedState {
  get<T>(key: string): T | undefined;
  set<T>(key: string, value: T): void;
  subscribe(key: string, listener: () => void): () => void;
}

export function createSharedState(): SharedState {
  const values = new Map<string, unknown>();
  const listeners = new Map<string, Set<() => void>>();
  return {
    get: <T>(key: string) => values.get(key) as T | undefined,
    set(key, value) {
      values.set(key, value);
      for (const listener of listeners.get(key) ?? []) listener();
    },
    subscribe(key, listener) {
      let set = listeners.get(key);
      if (!set) {
        set = new Set();
        listeners.set(key, set);
      }
      set.add(listener);
      return () => set.delete(listener);
    },
  };
}

/** One shared value: the current one (or `initial` until it is first set) and its setter. */
export function useShared<T>(shared: SharedState, key: string, initial: T): [T, (value: T) => void] {
  const [, rerender] = useState(0);
  useEffect(() => shared.subscribe(key, () => rerender((n) => n + 1)), [shared, key]);
  const value = shared.get<T>(key);
  return [value === undefined ? initial : value, (next: T) => shared.set(key, next)];
}

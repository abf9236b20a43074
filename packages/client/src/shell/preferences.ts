/** Sound and animation toggles, remembered in localStorage (which a sandboxed frame may refuse: then per page). */

export interface Preferences {
  sound: boolean;
  animations: boolean;
}

const KEY = "rgs.client.preferences";

function reducedMotion(): boolean {
  try {
    return globalThis.matchMedia?.("(prefers-reduced-motion: reduce)").matches ?? false;
  } catch {
    return false;
  }
}

export function loadPreferences(storage: Pick<Storage, "getItem"> | undefined = safeStorage()): Preferences {
  const defaults: Preferences = { sound: true, animations: !reducedMotion() };
  try {
    const stored = JSON.parse(storage?.getItem(KEY) ?? "null") as Partial<Preferences> | null;
    return {
      sound: typeof stored?.sound === "boolean" ? stored.sound : defaults.sound,
      animations: typeof stored?.animations === "boolean" ? stored.animations : defaults.animations,
    };
  } catch {
    return defaults;
  }
}

export function savePreferences(
  preferences: Preferences,
  storage: Pick<Storage, "setItem"> | undefined = safeStorage(),
): void {
  try {
    storage?.setItem(KEY, JSON.stringify(preferences));
  } catch {
    // Storage full or refused: the toggles still apply to this page.
  }
}

function safeStorage(): Storage | undefined {
  try {
    return globalThis.localStorage;
  } catch {
    return undefined;
  }
}

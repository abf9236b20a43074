/**
 * The settings a replayed round is shown with. A view reads its params in the form the client sends them
 * (dice's target as "50.50"), while the server stores them parsed (5050); most games' views repeat the
 * settings in the player's form (dice's `target`, plinko's `rows` and `risk`). So each setting of the view's
 * defaults is taken from the round's view when it is there with the same type, else from the stored params
 * when they have the same type, else the default stays.
 */
export function paramsForReplay(defaults: unknown, stored: unknown, view: unknown): unknown {
  if (!isRecord(defaults)) return defaults;
  const sources = [view, stored].filter(isRecord);
  return Object.fromEntries(
    Object.entries(defaults).map(([key, fallback]) => {
      const found = sources.find((source) => Object.hasOwn(source, key) && sameShape(source[key], fallback));
      return [key, found ? found[key] : fallback];
    }),
  );
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

function sameShape(value: unknown, like: unknown): boolean {
  if (Array.isArray(like)) return Array.isArray(value);
  if (like === null) return value === null;
  return typeof value === typeof like && Array.isArray(value) === Array.isArray(like);
}

/** Every text of the client in Polish: one chunk, fetched only when Polish is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.pl.ts", { eager: true, import: "default" }));

/** Every text of the client in German: one chunk, fetched only when German is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.de.ts", { eager: true, import: "default" }));

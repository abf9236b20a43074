/** Every text of the client in Italian: one chunk, fetched only when Italian is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.it.ts", { eager: true, import: "default" }));

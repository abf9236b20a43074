/** Every text of the client in Spanish: one chunk, fetched only when Spanish is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.es.ts", { eager: true, import: "default" }));

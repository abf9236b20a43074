/** Every text of the client in French: one chunk, fetched only when French is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.fr.ts", { eager: true, import: "default" }));

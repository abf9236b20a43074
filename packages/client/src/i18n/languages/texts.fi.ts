/** Every text of the client in Finnish: one chunk, fetched only when Finnish is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.fi.ts", { eager: true, import: "default" }));

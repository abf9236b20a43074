/** Every text of the client in Japanese: one chunk, fetched only when Japanese is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.ja.ts", { eager: true, import: "default" }));

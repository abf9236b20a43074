/** Every text of the client in Hindi: one chunk, fetched only when Hindi is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.hi.ts", { eager: true, import: "default" }));

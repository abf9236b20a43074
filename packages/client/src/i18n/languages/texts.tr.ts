/** Every text of the client in Turkish: one chunk, fetched only when Turkish is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.tr.ts", { eager: true, import: "default" }));

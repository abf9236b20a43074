/** Every text of the client in Korean: one chunk, fetched only when Korean is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.ko.ts", { eager: true, import: "default" }));

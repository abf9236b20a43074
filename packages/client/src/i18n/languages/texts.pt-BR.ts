/** Every text of the client in Brazilian Portuguese: one chunk, fetched only when Brazilian Portuguese is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(import.meta.glob<Catalog>("../*.pt-BR.ts", { eager: true, import: "default" }));

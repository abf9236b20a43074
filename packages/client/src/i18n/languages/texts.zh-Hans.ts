/** Every text of the client in Simplified Chinese: one chunk, fetched only when Simplified Chinese is chosen. */
import type { Catalog } from "../index.ts";

export default Object.values(
  import.meta.glob<Catalog>("../*.zh-Hans.ts", { eager: true, import: "default" }),
);

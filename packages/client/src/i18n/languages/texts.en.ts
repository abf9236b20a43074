/** The client's English texts but the shell's (built into the entry): one chunk, fetched for English. */
import type { Catalog } from "../index.ts";

export default Object.values(
  import.meta.glob<Catalog>(["../*.en.ts", "!../shell.en.ts"], { eager: true, import: "default" }),
);

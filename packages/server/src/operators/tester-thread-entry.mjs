// A worker thread does not take the loader the server's own thread runs under (Node 20 applies neither
// `--import tsx` nor the parent's hooks to a worker's entry), so the thread loads its TypeScript through tsx.
import { tsImport } from "tsx/esm/api";

await tsImport("./tester-thread-main.ts", import.meta.url);

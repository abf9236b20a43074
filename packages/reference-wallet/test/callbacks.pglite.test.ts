import { openPglite } from "../src/store/pglite.ts";
import { describeCallbackRules } from "./callback-rules.ts";

describeCallbackRules("PGlite", () => openPglite());

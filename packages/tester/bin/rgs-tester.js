#!/usr/bin/env node
// The tester ships as TypeScript sources; tsx compiles them on the fly, so no build step is needed.
import { register } from "tsx/esm/api";

register();
const { main } = await import("../src/cli.ts");
process.exitCode = await main(process.argv.slice(2));

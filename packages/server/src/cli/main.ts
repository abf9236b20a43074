import { runCli } from "./run.ts";

const code = await runCli(process.argv.slice(2), {
  env: process.env,
  io: {
    stdout: (text) => process.stdout.write(text),
    stderr: (text) => process.stderr.write(text),
    interactive: process.stderr.isTTY === true,
  },
});
process.exitCode = code;

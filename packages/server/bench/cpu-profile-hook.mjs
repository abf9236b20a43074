/**
 * Loaded into the RGS with NODE_OPTIONS="--import <this file>" when the benchmark profiles it: samples the
 * main thread's CPU from start to exit through the in-process inspector, and writes the V8 CPU profile to
 * BENCH_CPU_PROFILE_DIR as rgs-<pid>.cpuprofile when the process exits. Plain JavaScript, because Node
 * loads it before the TypeScript loader.
 */
import { writeFileSync } from "node:fs";
import { Session } from "node:inspector";
import path from "node:path";

const directory = process.env.BENCH_CPU_PROFILE_DIR;
if (directory) {
  const session = new Session();
  session.connect();
  session.post("Profiler.enable");
  session.post("Profiler.start");
  // The in-process inspector answers synchronously, so the profile is written before the process ends.
  process.on("exit", () => {
    session.post("Profiler.stop", (error, result) => {
      if (!error) {
        writeFileSync(path.join(directory, `rgs-${process.pid}.cpuprofile`), JSON.stringify(result.profile));
      }
    });
  });
}

const CHECK_EVERY_MS = 1000;

/**
 * `npm run sandbox` runs this process under a shell under npm, and npm passes a SIGTERM on to the shell
 * alone: `kill <npm's pid>` (a script stopping what it started with `&`) would leave the sandbox and its
 * servers running, orphaned, holding their ports. Whoever started this process going away is taken as a
 * SIGTERM, whose handler stops the servers.
 */
export function stopWhenOrphaned(checkEveryMs = CHECK_EVERY_MS): void {
  const parent = process.ppid;
  const timer = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(timer);
    process.kill(process.pid, "SIGTERM");
  }, checkEveryMs);
  // It only watches: the servers keep the process alive, not this.
  timer.unref();
}

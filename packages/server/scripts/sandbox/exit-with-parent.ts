/**
 * Loaded (`--import`) into each process `npm run sandbox` starts, which it starts with an IPC channel: when
 * the sandbox process goes away without stopping it (killed, crashed), the channel closes and the process
 * stops itself the graceful way, as SIGTERM asks, instead of living on without anyone to stop it.
 */
if (process.channel) {
  // The channel only watches the parent: it must not keep the process alive by itself.
  process.channel.unref();
  process.once("disconnect", () => process.kill(process.pid, "SIGTERM"));
}

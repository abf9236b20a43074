import { readFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";
import { fileURLToPath } from "node:url";

export const HAPROXY_TEMPLATE = fileURLToPath(
  new URL("../../../../ops/haproxy/haproxy.cfg", import.meta.url),
);

export interface BalancerSettings {
  /** Address and port the balancer listens on, as HAProxy's `bind` takes it ("127.0.0.1:8080"). */
  bind: string;
  statsSocket: string;
  servers: { name: string; address: string }[];
  /** Connections one client address may hold at the balancer. */
  connectionsPerClient: number;
  /** Connections the balancer sends to one instance at once; more wait in its queue. */
  serverMaxconn: number;
  /** Client connections the balancer accepts in all. */
  frontendMaxconn: number;
}

/** The repository's haproxy.cfg with its placeholders filled and one server line per instance. */
export function renderHaproxyConfig(settings: BalancerSettings): string {
  const servers = settings.servers.map((server) => `    server ${server.name} ${server.address}`).join("\n");
  const values: Record<string, string> = {
    bind: settings.bind,
    statsSocket: settings.statsSocket,
    connectionsPerClient: String(settings.connectionsPerClient),
    serverMaxconn: String(settings.serverMaxconn),
    frontendMaxconn: String(settings.frontendMaxconn),
    // Room for every client connection and one per instance slot towards the servers.
    errorsDir: path.dirname(HAPROXY_TEMPLATE),
    maxconn: String(settings.frontendMaxconn + settings.serverMaxconn * settings.servers.length),
  };
  return readFileSync(HAPROXY_TEMPLATE, "utf8")
    .replace("    # {{servers}}", servers)
    .replaceAll(/\{\{(\w+)\}\}/g, (whole, name: string) => {
      const value = values[name];
      if (value === undefined) throw new Error(`haproxy.cfg names an unknown setting ${whole}`);
      return value;
    });
}

/** One command on HAProxy's admin socket; its answer. */
export function haproxyCommand(socketPath: string, command: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(socketPath);
    let answer = "";
    socket.setEncoding("utf8");
    socket.setTimeout(5_000, () => socket.destroy(new Error(`HAProxy did not answer "${command}"`)));
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.once("error", reject);
    socket.once("close", () => resolve(answer));
    socket.once("connect", () => socket.end(`${command}\n`));
  });
}

/** The check state of each server of the backend ("UP", "DOWN", "MAINT", "DRAIN", "UP 1/2"...). */
export async function serverStates(socketPath: string, backend: string): Promise<Map<string, string>> {
  const lines = (await haproxyCommand(socketPath, "show stat")).split("\n");
  const header = (lines[0] ?? "").replace(/^# /, "").split(",");
  const [proxy, server, status] = ["pxname", "svname", "status"].map((name) => header.indexOf(name));
  const states = new Map<string, string>();
  for (const line of lines.slice(1)) {
    const fields = line.split(",");
    const name = fields[server ?? -1];
    if (fields[proxy ?? -1] !== backend || !name || name === "BACKEND" || name === "FRONTEND") continue;
    states.set(name, fields[status ?? -1] ?? "");
  }
  return states;
}

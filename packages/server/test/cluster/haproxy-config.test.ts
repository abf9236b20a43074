/**
 * The balancer's configuration as `npm run cluster` renders it from ops/haproxy/haproxy.cfg: HAProxy itself
 * must accept it, with one server per instance and every setting filled in.
 */
import { spawnSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { haproxyAvailable } from "../../../../test-support/services.ts";
import { haproxyBinary } from "../../scripts/cluster/cluster.ts";
import { renderHaproxyConfig } from "../../scripts/cluster/haproxy.ts";

const haproxy = await haproxyAvailable();
const dir = mkdtempSync(path.join(tmpdir(), "rgs-haproxy-"));

const rendered = renderHaproxyConfig({
  bind: "127.0.0.1:18080",
  statsSocket: path.join(dir, "haproxy.sock"),
  servers: [
    { name: "rgs1", address: "127.0.0.1:18081" },
    { name: "rgs2", address: "127.0.0.1:18082" },
    { name: "rgs3", address: "127.0.0.1:18083" },
  ],
  connectionsPerClient: 100,
  serverMaxconn: 200,
  frontendMaxconn: 4000,
});

describe("the balancer's configuration", () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("fills every setting and lists one server per instance", () => {
    expect(rendered).not.toMatch(/\{\{|\}\}/);
    expect(rendered.match(/^\s+server rgs\d 127\.0\.0\.1:\d+$/gm)).toHaveLength(3);
    expect(rendered).toContain("maxconn 4600");
    expect(rendered).toContain("sc0_conn_cur gt 100");
  });

  it.skipIf(!haproxy)("is accepted by HAProxy", () => {
    const file = path.join(dir, "haproxy.cfg");
    writeFileSync(file, rendered);
    const check = spawnSync(haproxyBinary(), ["-c", "-f", file], { encoding: "utf8" });
    expect(check.status, `${check.stdout}\n${check.stderr}`).toBe(0);
    expect(check.stderr, "no warnings").not.toMatch(/WARNING/);
  });
});

import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { README_PATH, withConfigTable } from "../scripts/readme-config.ts";
import { CONFIG_VARIABLES } from "../src/config.ts";

describe("README", () => {
  const readme = readFileSync(README_PATH, "utf8");

  it("documents every environment variable the server reads, with its default", () => {
    expect(withConfigTable(readme), "run `npm run docs:config` to refresh the table").toBe(readme);
    for (const variable of CONFIG_VARIABLES) expect(readme).toContain(`| \`${variable.name}\` |`);
  });

  it("leads from the quick start to real money in one command, and says where the sandbox secret is", () => {
    const quickStart = readme.slice(readme.indexOf("## Quick start"), readme.indexOf("## Tests"));
    expect(quickStart).toContain("npm install && npm run sandbox");
    expect(quickStart).toContain("./data/sandbox-operator.env");
    expect(readme).toContain("(#real-money-in-one-command-the-sandbox)");
  });

  it("gives a newcomer the install, start and test commands", () => {
    expect(readme).toContain("npm install && npm start");
    expect(readme).toContain("npm test");
  });
});

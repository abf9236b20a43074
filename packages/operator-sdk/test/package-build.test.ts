import { describe, expect, it } from "vitest";
import { buildOrder, builtExports, SDK_PACKAGE, workspacePackages } from "../scripts/package-build.ts";

describe("the SDK's package build", () => {
  it("maps every export to its built code and declarations, patterns included", () => {
    expect(
      builtExports({ ".": "./src/index.ts", "./express": "./src/express.ts", "./*": "./src/*.ts" }),
    ).toEqual({
      ".": { types: "./index.d.ts", default: "./index.js" },
      "./express": { types: "./express.d.ts", default: "./express.js" },
      "./*": { types: "./*.d.ts", default: "./*.js" },
    });
    expect(() => builtExports({ "./data": "./fixtures/data.json" })).toThrow(
      /not at a \.ts file under \.\/src/,
    );
  });

  it("builds the workspace packages the SDK needs at run time, each before what depends on it", async () => {
    const order = buildOrder(SDK_PACKAGE, await workspacePackages()).map((pkg) => pkg.name);
    expect(order).toEqual(["@rgs/protocol", "@rgs/operator-sdk"]);
  });
});

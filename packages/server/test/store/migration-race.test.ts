import { describe, expect, it } from "vitest";
import { isAnotherSchemaDropped } from "../../src/store/database.ts";

/** PostgreSQL's error as node-postgres raises it when a schema vanishes under a catalog read. */
const dropped = (schema: string) =>
  Object.assign(new Error(`schema "${schema}" does not exist`), { code: "3F000" });

describe("migrating while another schema of the server is dropped", () => {
  it("runs the migration again when the schema that vanished is another one", () => {
    expect(isAnotherSchemaDropped(dropped("reference_wallet_start_1_x"), "rgs_a")).toBe(true);
  });

  it("fails at once when its own schema is missing, or for any other error", () => {
    expect(isAnotherSchemaDropped(dropped("rgs_a"), "rgs_a")).toBe(false);
    expect(
      isAnotherSchemaDropped(Object.assign(new Error("relation does not exist"), { code: "42P01" }), "rgs_a"),
    ).toBe(false);
    expect(isAnotherSchemaDropped(new Error('schema "x" does not exist'), "rgs_a")).toBe(false);
    expect(isAnotherSchemaDropped(undefined, "rgs_a")).toBe(false);
  });
});

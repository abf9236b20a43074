import { describe, expect, it } from "vitest";
import { COUNTRY_CODES, locationAllowed } from "../../src/launch/country-codes.ts";

describe("country codes", () => {
  it("holds the 249 assigned ISO 3166-1 codes plus XK", () => {
    expect(COUNTRY_CODES.size).toBe(250);
    for (const code of ["CA", "US", "DE", "GB", "XK", "AX"]) expect(COUNTRY_CODES.has(code)).toBe(true);
    for (const code of ["UK", "XX", "EU", "ZZ"]) expect(COUNTRY_CODES.has(code)).toBe(false);
  });
});

describe("locationAllowed", () => {
  it("allows everything without a list", () => {
    expect(locationAllowed(null, "US-NY")).toBe(true);
  });

  it("lets a country allow its regions, but not a region its country", () => {
    const allowed = ["CA", "US-NJ"];
    expect(locationAllowed(allowed, "CA")).toBe(true);
    expect(locationAllowed(allowed, "CA-ON")).toBe(true);
    expect(locationAllowed(allowed, "US-NJ")).toBe(true);
    expect(locationAllowed(allowed, "US")).toBe(false);
    expect(locationAllowed(allowed, "US-NY")).toBe(false);
    expect(locationAllowed(allowed, "CAN")).toBe(true);
  });

  it("allows nothing with an empty list", () => {
    expect(locationAllowed([], "CA")).toBe(false);
  });
});

/**
 * Amounts arrive as decimal strings ("12.50", and "0" for nothing); sums of them are kept exact in minor
 * units, at the most fraction digits any of them has.
 */

export function scaleOf(amounts: readonly string[]): number {
  return Math.max(0, ...amounts.map((a) => a.split(".")[1]?.length ?? 0));
}

export function toMinor(amount: string, scale: number): bigint {
  const negative = amount.startsWith("-");
  const [whole = "0", fraction = ""] = amount.replace(/^-/, "").split(".");
  const units = BigInt(whole + fraction.padEnd(scale, "0"));
  return negative ? -units : units;
}

export function fromMinor(units: bigint, scale: number): string {
  const negative = units < 0n;
  const digits = (negative ? -units : units).toString().padStart(scale + 1, "0");
  const whole = digits.slice(0, digits.length - scale);
  const fraction = scale > 0 ? `.${digits.slice(digits.length - scale)}` : "";
  return `${negative ? "-" : ""}${whole}${fraction}`;
}

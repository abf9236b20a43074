import { COUNTRY_CODE_PATTERN, PLAYER_ID_PATTERN } from "@rgs/protocol/operator-api";
import type { FastifySchemaValidationError } from "fastify";

/** Regular expressions mean little to a reader; these say what the pattern requires. */
const PATTERN_EXPLANATIONS: Readonly<Record<string, string>> = {
  [PLAYER_ID_PATTERN]: "must not contain control characters, bidirectional overrides or unpaired surrogates",
  [COUNTRY_CODE_PATTERN]:
    'must be an upper-case ISO 3166-1 alpha-2 country code ("CA") or an ISO 3166-2 region code ("CA-ON")',
};

const MAX_QUOTED_NAME = 100;

function quote(name: string): string {
  return JSON.stringify(name.length > MAX_QUOTED_NAME ? `${name.slice(0, MAX_QUOTED_NAME)}…` : name);
}

/** JSON pointer "/betLimits/minBet" to the dotted "betLimits.minBet" an operator would write. */
function fieldPath(instancePath: string, child?: string): string {
  const segments = instancePath
    .split("/")
    .slice(1)
    .map((segment) => segment.replaceAll("~1", "/").replaceAll("~0", "~"));
  if (child !== undefined) segments.push(child);
  return segments.join(".");
}

function typeName(type: unknown): string {
  if (type === "object") return "a JSON object";
  if (type === "array") return "a JSON array";
  if (type === "integer") return "an integer";
  return `a ${String(type)}`;
}

function locationName(context: string): string {
  if (context === "body") return "request body";
  if (context === "querystring") return "query string";
  return context;
}

/** One sentence naming the offending field and what it should be; only the first error is reported. */
export function describeValidationError(
  errors: readonly FastifySchemaValidationError[],
  context: string,
): string {
  const error = errors[0];
  const where = locationName(context);
  if (error === undefined) return `The ${where} is invalid.`;
  const params = error.params;
  const field = fieldPath(error.instancePath);
  const subject = field === "" ? `The ${where}` : `Field ${quote(field)}`;
  switch (error.keyword) {
    case "required":
      return `Missing required field ${quote(fieldPath(error.instancePath, String(params.missingProperty)))}.`;
    case "additionalProperties":
      return `Unknown field ${quote(fieldPath(error.instancePath, String(params.additionalProperty)))}; remove it (only documented fields are accepted).`;
    case "type":
      return `${subject} must be ${typeName(params.type)}.`;
    case "minLength":
      return params.limit === 1
        ? `${subject} must not be empty.`
        : `${subject} must be at least ${String(params.limit)} characters long.`;
    case "maxLength":
      return `${subject} must be at most ${String(params.limit)} characters long.`;
    case "pattern":
      return `${subject} ${PATTERN_EXPLANATIONS[String(params.pattern)] ?? "has an invalid format"}.`;
    default:
      return `${subject} ${error.message ?? "is invalid"}.`;
  }
}

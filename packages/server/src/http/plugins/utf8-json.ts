import type { FastifyInstance } from "fastify";
import { charsetOf } from "./raw-body.ts";

/** Error codes the error handler maps to `unsupported_charset` and `invalid_encoding`. */
export const UNSUPPORTED_CHARSET = "RGS_UNSUPPORTED_CHARSET";
export const INVALID_ENCODING = "RGS_INVALID_ENCODING";

function failure(code: string, statusCode: number): Error {
  return Object.assign(new Error(code), { code, statusCode });
}

const UTF8 = new TextDecoder("utf-8", { fatal: true });

/**
 * JSON bodies in UTF-8 only: a declared charset other than UTF-8 is refused (415) rather than read as
 * UTF-8, and bytes that are not UTF-8 are refused (400) rather than decoded into replacement
 * characters. The text is then parsed by Fastify's own JSON parser, which refuses prototype keys.
 */
export function registerUtf8JsonBody(scope: FastifyInstance, opts: { bodyLimitBytes: number }): void {
  const parseJson = scope.getDefaultJsonParser("error", "error");
  scope.removeContentTypeParser("application/json");
  scope.addContentTypeParser(
    "application/json",
    { parseAs: "buffer", bodyLimit: opts.bodyLimitBytes },
    (request, body, done) => {
      const charset = charsetOf(request.headers["content-type"]);
      if (charset !== undefined && charset !== "utf-8" && charset !== "utf8") {
        done(failure(UNSUPPORTED_CHARSET, 415), undefined);
        return;
      }
      let text: string;
      try {
        text = UTF8.decode(body as Buffer);
      } catch {
        done(failure(INVALID_ENCODING, 400), undefined);
        return;
      }
      parseJson(request, text, done);
    },
  );
}

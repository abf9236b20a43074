/**
 * The logging the outbox and the sweeper need: pino-style (fields first, then the message), so the
 * app's logger (Fastify's `app.log`) fits as is. Every line carries the IDs of the round and the
 * transaction it is about, so each one can be traced through the logs.
 */
export interface EventLogger {
  info(fields: object, message: string): void;
  warn(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

export const silentLogger: EventLogger = { info() {}, warn() {}, error() {} };

import { Redis } from "ioredis";

/**
 * A connection to REDIS_URL for the state instances share (rate-limit budgets, replay refusal). It must
 * answer at start, so a misconfiguration fails loudly; later, a command fails fast (no offline queue, one
 * retry, 1 s) so its caller can fall back to its own memory, and `onError` hears about it.
 */
export async function connectRedis(url: string, onError: (error: Error) => void): Promise<Redis> {
  const redis = new Redis(url, {
    lazyConnect: true,
    enableOfflineQueue: false,
    maxRetriesPerRequest: 1,
    commandTimeout: 1000,
  });
  redis.on("error", onError);
  try {
    await redis.connect();
  } catch (error) {
    redis.disconnect();
    throw new Error(`Cannot reach Redis at REDIS_URL: ${(error as Error).message}`);
  }
  return redis;
}

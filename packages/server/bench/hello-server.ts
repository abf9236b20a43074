/**
 * The floor of the game API benchmark: one JSON route of the same HTTP framework (Fastify, default
 * settings, no logging), in a process of its own like the RGS. Prints "listening" once it accepts requests.
 */
import Fastify from "fastify";

const app = Fastify({ logger: false });
app.post("/hello", async () => ({ hello: "world" }));
await app.listen({ host: "127.0.0.1", port: Number(process.env.PORT ?? 0) });
process.stdout.write("listening\n");
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => void app.close().then(() => process.exit(0)));
}

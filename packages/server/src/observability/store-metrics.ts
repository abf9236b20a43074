import { Counter, type Registry } from "prom-client";
import type { GroupCommitWriter } from "../store/group-commit.ts";

/**
 * The group-commit writer's counts as Prometheus counters, read when scraped. Jobs per batch (the ratio of
 * the two rates) says how many bets share a commit: near 1 under light load, and the first thing to look
 * at when commits, not the wallet, hold bets up. Reruns count batches run again without a failing job.
 */
export function registerStoreMetrics(registry: Registry, writer: Pick<GroupCommitWriter, "stats">): void {
  const counter = (name: string, help: string, pick: (s: GroupCommitWriter["stats"]) => number): void => {
    new Counter({
      name,
      help,
      registers: [registry],
      collect(this: Counter) {
        this.reset();
        this.inc(pick(writer.stats));
      },
    });
  };
  counter(
    "store_commit_batches_total",
    "Transactions committed by the ledger's group-commit writer.",
    (s) => s.batches,
  );
  counter(
    "store_commit_jobs_total",
    "Ledger jobs (bet steps and outbox records) those transactions carried.",
    (s) => s.jobs,
  );
  counter(
    "store_commit_reruns_total",
    "Batches run again without a job that failed, so the failure stayed that job's alone.",
    (s) => s.reruns,
  );
}

import cluster from "node:cluster";
import { hostname } from "node:os";
import { createClient } from "@redis/client";
import { logger } from "../log.server";
import type { DurableLog, LogEntry, Store } from "./types";

type Client = ReturnType<typeof createClient>;

/** The consumer group every instance reads a log with. */
const GROUP = "delivery";
const BATCH = 100;
/**
 * How long an entry may sit taken and unacknowledged by another consumer before this one claims
 * it: longer than the outbox's longest backoff (5 minutes), so a live instance retrying its
 * entry keeps it, and an instance that is gone (a scaled-down container, a crashed host) leaves
 * its entries to the others within minutes.
 */
const CLAIM_AFTER_MS = 10 * 60_000;

/**
 * This instance's consumer name: `INSTANCE_ID` if set, else the host name and the cluster
 * worker's number. Stable across restarts of the same container and worker, so a restarted
 * instance finds its own unacknowledged entries at once; distinct between instances, so two
 * never read the same new entry.
 */
export function consumerName(): string {
  return process.env.INSTANCE_ID || `${hostname()}-${cluster.worker?.id ?? 0}`;
}

/**
 * The store on Redis (`REDIS_URL`): a log is a stream (`bait:<name>`) read through a consumer
 * group. `append` is XADD, answered once Redis holds the entry (durable as the server's own
 * persistence: AOF with `appendfsync everysec` or `always` in production). `pending` reads
 * this consumer's entries delivered and not acknowledged (after a restart too), then entries
 * another consumer took and left unacknowledged for `claimAfterMs` (XAUTOCLAIM: that instance
 * is gone), then new ones; `ack` is XACK and XDEL, so a handled record (a lead's name and
 * phone) does not stay.
 *
 * Commands fail at once while Redis is unreachable (no offline queue): a visitor is told
 * their lead was not saved instead of waiting; the client reconnects by itself.
 */
export function redisStore(url: string, { consumer = consumerName(), claimAfterMs = CLAIM_AFTER_MS }: { consumer?: string; claimAfterMs?: number } = {}): Store {
  const client: Client = createClient({ url, disableOfflineQueue: true });
  client.on("error", (error: Error) => logger("store").error({ reason: error.message }, "redis"));
  let connecting: Promise<unknown> | null = null;
  const connected = async () => {
    connecting ??= client.connect().catch((error: unknown) => {
      connecting = null;
      throw error;
    });
    await connecting;
    return client;
  };
  return {
    log: (name) => new StreamLog(connected, `bait:${name}`, consumer, claimAfterMs),
    async close() {
      if (connecting) await client.close();
      connecting = null;
    },
  };
}

class StreamLog implements DurableLog {
  private group: Promise<void> | null = null;

  constructor(
    private readonly connected: () => Promise<Client>,
    private readonly key: string,
    private readonly consumer: string,
    private readonly claimAfterMs: number,
  ) {}

  async append(record: string): Promise<string> {
    const client = await this.ready();
    return client.xAdd(this.key, "*", { record });
  }

  async pending(): Promise<LogEntry[]> {
    const client = await this.ready();
    const read = async (id: string) => {
      const answer = await client.xReadGroup(GROUP, this.consumer, { key: this.key, id }, { COUNT: BATCH });
      const streams = (answer ?? []) as { messages: { id: string; message: Record<string, string> }[] }[];
      return streams.flatMap((stream) => stream.messages.flatMap((entry) => (typeof entry.message?.record === "string" ? [{ id: entry.id, record: entry.message.record }] : [])));
    };
    // "0": what this consumer was given before and did not acknowledge.
    const own = await read("0");
    if (own.length >= BATCH) return own;
    // Entries another consumer took and has not acknowledged for a long while: theirs no more.
    const stale = await client.xAutoClaim(this.key, GROUP, this.consumer, this.claimAfterMs, "0-0", { COUNT: BATCH - own.length });
    const claimed = stale.messages.flatMap((entry) => (entry && typeof entry.message?.record === "string" ? [{ id: entry.id, record: entry.message.record }] : []));
    const taken = [...own, ...claimed.filter((entry) => !own.some((mine) => mine.id === entry.id))].sort((a, b) => compareIds(a.id, b.id));
    // ">": new entries.
    return taken.length >= BATCH ? taken : [...taken, ...(await read(">"))];
  }

  async ack(id: string): Promise<void> {
    const client = await this.ready();
    await client.xAck(this.key, GROUP, id);
    await client.xDel(this.key, id);
  }

  private async ready(): Promise<Client> {
    const client = await this.connected();
    this.group ??= client
      .xGroupCreate(this.key, GROUP, "0", { MKSTREAM: true })
      .then(() => undefined)
      .catch((error: Error) => {
        if (error.message.includes("BUSYGROUP")) return;
        this.group = null;
        throw error;
      });
    await this.group;
    return client;
  }
}

/** Stream ids in order ("<ms>-<seq>"): the log's order is the order entries were appended. */
function compareIds(a: string, b: string): number {
  const [aMs = 0, aSeq = 0] = a.split("-").map(Number);
  const [bMs = 0, bSeq = 0] = b.split("-").map(Number);
  return aMs - bMs || aSeq - bSeq;
}

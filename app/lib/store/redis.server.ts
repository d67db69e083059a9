import { createClient } from "@redis/client";
import type { DurableLog, LogEntry, Store } from "./store.server";

type Client = ReturnType<typeof createClient>;

/** The consumer group every instance reads a log with. */
const GROUP = "delivery";
const BATCH = 100;

/**
 * The store on Redis (`REDIS_URL`): a log is a stream (`bait:<name>`) read through a consumer
 * group. `append` is XADD, answered once Redis holds the entry (durable as the server's own
 * persistence: AOF with `appendfsync everysec` or `always` in production). `pending` reads
 * this consumer's entries delivered and not acknowledged (after a restart too), then new
 * ones; `ack` is XACK and XDEL, so a handled record (a lead's name and phone) does not stay.
 *
 * Commands fail at once while Redis is unreachable (no offline queue): a visitor is told
 * their lead was not saved instead of waiting; the client reconnects by itself.
 */
export function redisStore(url: string, { consumer = "web" }: { consumer?: string } = {}): Store {
  const client: Client = createClient({ url, disableOfflineQueue: true });
  client.on("error", (error: Error) => console.error("[store] redis:", error.message));
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
    log: (name) => new StreamLog(connected, `bait:${name}`, consumer),
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
    // "0": what this consumer was given before and did not acknowledge; ">": new entries.
    const claimed = await read("0");
    return claimed.length >= BATCH ? claimed : [...claimed, ...(await read(">"))];
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

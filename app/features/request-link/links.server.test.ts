import { describe, expect, it } from "vitest";
import { memoryState } from "~/lib/store/shared-state.server";
import { createRequestLinks, LINK_TTL_MS, MAX_OPEN_LINKS, PENDING_TTL_MS, type NewLink } from "./links.server";
import { signLinkToken } from "./token.server";

const SECRET = "test-request-link-secret-0123456789abcdef";
const PREVIOUS = "test-previous-link-secret-abcdef0123456789";

function setUp(previousSecrets: string[] = []) {
  const clock = { now: Date.UTC(2026, 2, 1, 12, 0, 0) };
  const state = memoryState(() => clock.now);
  const links = createRequestLinks({ state, secret: SECRET, previousSecrets, now: () => clock.now });
  return { clock, state, links };
}

const ana: NewLink = { line: "5512345678", profile: "mbb", contactPhone: "5512345678", offerId: "BAIT150", message: "¿Me ayudas?", name: "Ana", by: "customer" };
let ip = 0;
const nextIp = () => `203.0.113.${++ip}`;

describe("the requests in the shared state", () => {
  it("a link opens its request; the request, not the token, holds the line, the offer and the words", async () => {
    const { links } = setUp();
    const made = await links.create(ana);
    if (!made.ok) throw new Error("not made");
    expect(made.token).not.toContain("5512345678");
    expect(made.token).not.toContain("BAIT150");
    const opened = await links.open(made.token);
    expect(opened).toMatchObject({ ok: true, record: { line: "5512345678", offerId: "BAIT150", message: "¿Me ayudas?", name: "Ana", state: "open" } });
  });

  it("expires after 7 days, with its request", async () => {
    const { links, clock } = setUp();
    const made = await links.create(ana);
    if (!made.ok) throw new Error("not made");
    clock.now += LINK_TTL_MS - 60_000;
    expect(await links.open(made.token)).toMatchObject({ ok: true });
    clock.now += 60_000;
    expect(await links.open(made.token)).toEqual({ ok: false, reason: "expired" });
    expect(await links.list(ana.line)).toEqual([]);
  });

  it("a tampered token opens nothing", async () => {
    const { links } = setUp();
    const made = await links.create(ana);
    if (!made.ok) throw new Error("not made");
    expect(await links.open(made.token.replace(/.$/, (last) => (last === "A" ? "B" : "A")))).toEqual({ ok: false, reason: "tampered" });
  });

  it("at most 10 open links per line; a cancel or an expiry frees a place", async () => {
    const { links, clock } = setUp();
    const made = [];
    for (let index = 0; index < MAX_OPEN_LINKS; index += 1) made.push(await links.create(ana));
    expect(made.every((entry) => entry.ok)).toBe(true);
    expect(await links.create(ana)).toEqual({ ok: false, reason: "limit" });
    // Another line has places of its own.
    expect(await links.create({ ...ana, line: "5545678901", contactPhone: "5545678901" })).toMatchObject({ ok: true });
    const first = made[0]!;
    if (!first.ok) throw new Error("not made");
    expect(await links.revoke(first.record.id, ana.line)).toBe(true);
    expect(await links.create(ana)).toMatchObject({ ok: true });
    expect(await links.create(ana)).toEqual({ ok: false, reason: "limit" });
    clock.now += LINK_TTL_MS;
    expect(await links.create(ana)).toMatchObject({ ok: true });
  });

  it("lists the line's open links, newest first; a cancelled one says so when opened, and only its line may cancel it", async () => {
    const { links, clock } = setUp();
    const older = await links.create(ana);
    clock.now += 1000;
    const newer = await links.create({ ...ana, offerId: undefined });
    if (!older.ok || !newer.ok) throw new Error("not made");
    expect((await links.list(ana.line)).map(({ record }) => record.id)).toEqual([newer.record.id, older.record.id]);
    expect(await links.revoke(older.record.id, "5545678901")).toBe(false);
    expect(await links.revoke(older.record.id, ana.line)).toBe(true);
    expect(await links.revoke(older.record.id, ana.line)).toBe(false);
    expect(await links.open(older.token)).toEqual({ ok: false, reason: "revoked" });
    expect((await links.list(ana.line)).map(({ record }) => record.id)).toEqual([newer.record.id]);
  });

  it("a paid link closes and says so; its sale is remembered under the line for the history", async () => {
    const { links } = setUp();
    const made = await links.create(ana);
    if (!made.ok) throw new Error("not made");
    await links.recordSale(made.record, "11111111-1111-4111-8111-111111111111", "BAIT150");
    const marks = await links.salesOf(ana.line, ["11111111-1111-4111-8111-111111111111", "22222222-2222-4222-8222-222222222222"]);
    expect([...marks]).toEqual([["11111111-1111-4111-8111-111111111111", { linkId: made.record.id, offerId: "BAIT150" }]]);
    expect((await links.salesOf("5545678901", ["11111111-1111-4111-8111-111111111111"])).size).toBe(0);
    await links.markPaid(made.record);
    expect(await links.open(made.token)).toEqual({ ok: false, reason: "paid" });
    expect(await links.list(ana.line)).toEqual([]);
  });

  it("a signed link whose request is gone (lost with the state) is no longer active", async () => {
    const { links } = setUp();
    expect(await links.open(signLinkToken(SECRET, "AbCdEfGhIjKl", Date.UTC(2026, 2, 5)))).toEqual({ ok: false, reason: "revoked" });
  });

  it("rotation: a link made before still opens, and is listed signed with the current secret", async () => {
    const before = setUp();
    const made = await createRequestLinks({ state: before.state, secret: PREVIOUS, now: () => before.clock.now }).create(ana);
    if (!made.ok) throw new Error("not made");
    const rotated = createRequestLinks({ state: before.state, secret: SECRET, previousSecrets: [PREVIOUS], now: () => before.clock.now });
    expect(await rotated.open(made.token)).toMatchObject({ ok: true });
    const [listed] = await rotated.list(ana.line);
    expect(listed!.token).not.toBe(made.token);
    expect(await rotated.open(listed!.token)).toMatchObject({ ok: true, record: { id: made.record.id } });
    expect(await createRequestLinks({ state: before.state, secret: SECRET, now: () => before.clock.now }).open(made.token)).toEqual({ ok: false, reason: "tampered" });
  });

  it("a visitor's request holds no place and is listed to nobody until confirmed, once; an address makes at most 30 requests an hour", async () => {
    const { links, clock } = setUp();
    const address = nextIp();
    const visitor = { line: ana.line, profile: ana.profile, contactPhone: ana.contactPhone, message: "Soy otra persona" };
    const requests = [];
    for (let index = 0; index < 30; index += 1) requests.push(await links.propose(visitor, address));
    expect(requests.every((entry) => entry.ok)).toBe(true);
    expect(await links.propose(visitor, address)).toMatchObject({ ok: false, reason: "tooMany", retryAfterSeconds: 3600 });
    expect(await links.list(ana.line)).toEqual([]);
    // The line's 10 places are all there.
    for (let index = 0; index < MAX_OPEN_LINKS; index += 1) expect(await links.create(ana)).toMatchObject({ ok: true });
    const first = requests[0]!;
    if (!first.ok) throw new Error("not made");
    expect(await links.confirm(first.pending.id)).toEqual({ ok: false, reason: "limit" });
    const [one] = await links.list(ana.line);
    await links.revoke(one!.record.id, ana.line);
    // Two confirmations at once make one link.
    const [a, b] = await Promise.all([links.confirm(first.pending.id), links.confirm(first.pending.id)]);
    expect([a, b].filter((entry) => entry.ok)).toHaveLength(1);
    expect([a, b].find((entry) => !entry.ok)).toEqual({ ok: false, reason: "gone" });
    expect(await links.confirm(first.pending.id)).toEqual({ ok: false, reason: "gone" });
    expect((await links.list(ana.line)).filter(({ record }) => record.by === "code").map(({ record }) => record.message)).toEqual(["Soy otra persona"]);
    clock.now += 3600_000;
    expect(await links.propose(visitor, address)).toMatchObject({ ok: true });
  });

  it("a visitor's request waits 15 minutes for its code", async () => {
    const { links, clock } = setUp();
    const asked = await links.propose({ line: ana.line, profile: "mbb", contactPhone: ana.line }, nextIp());
    if (!asked.ok) throw new Error("not made");
    clock.now += PENDING_TTL_MS;
    expect(await links.pending(asked.pending.id)).toBeNull();
    expect(await links.confirm(asked.pending.id)).toEqual({ ok: false, reason: "gone" });
  });
});

import { delay, http, HttpResponse } from "msw";
import { describe, expect, it } from "vitest";
import { mockServer } from "../../mocks/node";
import { shortUpstreamTimeout, useMockUpstream } from "../../mocks/test-support";
import { setSwitch } from "../../mocks/switches";
import { support } from "../../mocks/world-support";
import { guessPortabilityByIccid, requestPortability, trackPortabilityStep, type PortabilityInput } from "./portabilidad.server";

const api = "https://portabilidad.upstream.mock/api/portabilidad/v2/portabilidad";
useMockUpstream();

const errorKey = (result: { ok: boolean; error?: { messageKey: string } }) => (result.ok ? undefined : result.error?.messageKey);
const input: PortabilityInput = {
  number: "5591234567",
  nip: "1234",
  iccid: "8952140000000000047",
  contact: { name: "Rosa Pérez", email: "rosa@example.com", phone: "5591234567" },
};

describe("portability request", () => {
  it("registers a portability and answers its folio", async () => {
    const result = await requestPortability(input);
    expect(result.ok).toBe(true);
    if (result.ok) expect(result.data).toEqual({ folio: expect.stringMatching(/^PORT-/), messageKey: "errors:portability.requested", upstreamMessage: expect.any(String) });
    expect(support.portabilities.get("5591234567")?.contact.name).toBe("Rosa Pérez");
  });

  it("turns a wrong NIP into 'errors:portability.nipInvalid'", async () => {
    expect(errorKey(await requestPortability({ ...input, nip: "9999" }))).toBe("errors:portability.nipInvalid");
  });

  it("turns a number that is already Bait into 'errors:portability.alreadyBait'", async () => {
    expect(errorKey(await requestPortability({ ...input, number: "5512345678" }))).toBe("errors:portability.alreadyBait");
  });

  it("turns a second request for the same number into 'errors:portability.inProgress'", async () => {
    await requestPortability(input);
    expect(errorKey(await requestPortability({ ...input, iccid: "8952140000000000054" }))).toBe("errors:portability.inProgress");
  });

  it("turns an ICCID that is not a Bait SIM or already in use into 'errors:portability.iccidInvalid'", async () => {
    expect(errorKey(await requestPortability({ ...input, iccid: "1234567890123456789" }))).toBe("errors:portability.iccidInvalid");
    expect(errorKey(await requestPortability({ ...input, iccid: "8952140000000000013" }))).toBe("errors:portability.iccidInvalid");
  });

  it("reads an unknown refusal code as 'errors:portability.default'", async () => {
    mockServer.use(http.post(api, () => HttpResponse.json({ success: false, code: "OTRA_COSA", message: "?" })));
    expect(errorKey(await requestPortability(input))).toBe("errors:portability.default");
  });

  it("turns a malformed answer into 'errors:upstream.invalidResponse'", async () => {
    setSwitch("portabilidad.request", { malformed: true });
    expect(errorKey(await requestPortability(input))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a success without folio into 'errors:upstream.invalidResponse'", async () => {
    mockServer.use(http.post(api, () => HttpResponse.json({ success: true, message: "ok" })));
    expect(errorKey(await requestPortability(input))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a 500 into 'errors:upstream.unavailable' without repeating the POST", async () => {
    setSwitch("portabilidad.request", { status: 500 });
    expect(errorKey(await requestPortability(input))).toBe("errors:upstream.unavailable");
    expect(support.portabilities.has(input.number)).toBe(false);
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    setSwitch("portabilidad.request", { latencyMs: 400 });
    expect(errorKey(await requestPortability(input))).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.post(api, () => HttpResponse.error()));
    expect(errorKey(await requestPortability(input))).toBe("errors:upstream.network");
  });
});

describe("portability guess by ICCID", () => {
  it("finds the number being ported with a captured SIM", async () => {
    await requestPortability(input);
    expect(await guessPortabilityByIccid(input.iccid)).toEqual({
      ok: true,
      status: 200,
      data: { fromPortability: true, iccid: input.iccid, number: "5591234567", messageKey: "errors:portability.fromIccid" },
    });
  });

  it("reads an ICCID of no portability (404) as fromPortability false, not an error", async () => {
    expect(await guessPortabilityByIccid("8952140000000000013")).toEqual({ ok: true, status: 404, data: { fromPortability: false } });
  });

  it("turns a malformed answer into 'errors:upstream.invalidResponse'", async () => {
    setSwitch("portabilidad.guessByIccid", { malformed: true });
    expect(errorKey(await guessPortabilityByIccid(input.iccid))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a 500 into 'errors:upstream.unavailable'", async () => {
    setSwitch("portabilidad.guessByIccid", { status: 500 });
    expect(errorKey(await guessPortabilityByIccid(input.iccid))).toBe("errors:upstream.unavailable");
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    mockServer.use(
      http.get(`${api}/iccid/:iccid`, async () => {
        await delay(400);
        return HttpResponse.json({});
      }),
    );
    expect(errorKey(await guessPortabilityByIccid(input.iccid))).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.get(`${api}/iccid/:iccid`, () => HttpResponse.error()));
    expect(errorKey(await guessPortabilityByIccid(input.iccid))).toBe("errors:upstream.network");
  });
});

describe("portability tracking", () => {
  it("records a journey step with its value", async () => {
    expect(await trackPortabilityStep("visit-1", "nip", "true")).toEqual({ ok: true, status: 200, data: { recorded: true } });
    expect(support.portabilityTracking.get("visit-1")).toEqual([{ step: "nip", value: "true" }]);
  });

  it("turns a malformed answer into 'errors:upstream.invalidResponse'", async () => {
    setSwitch("portabilidad.tracking", { malformed: true });
    expect(errorKey(await trackPortabilityStep("visit-1", "nip", "true"))).toBe("errors:upstream.invalidResponse");
  });

  it("turns a 500 into 'errors:upstream.unavailable'", async () => {
    setSwitch("portabilidad.tracking", { status: 500 });
    expect(errorKey(await trackPortabilityStep("visit-1", "nip", "true"))).toBe("errors:upstream.unavailable");
  });

  it("turns a timeout into 'errors:upstream.timeout'", async () => {
    shortUpstreamTimeout();
    setSwitch("portabilidad.tracking", { latencyMs: 400 });
    expect(errorKey(await trackPortabilityStep("visit-1", "nip", "true"))).toBe("errors:upstream.timeout");
  });

  it("turns a network error into 'errors:upstream.network'", async () => {
    mockServer.use(http.post(`${api}/tracking/:uuid/:step`, () => HttpResponse.error()));
    expect(errorKey(await trackPortabilityStep("visit-1", "nip", "true"))).toBe("errors:upstream.network");
  });
});

import { describe, expect, it } from "vitest";
import { campaignCookieFor, campaignFromUrl, readCampaign } from "./campaign.server";

const cookieHeader = (setCookie: string) => setCookie.split(";")[0]!;

describe("campaign data (utm_*)", () => {
  it("reads the four utm parameters of an arrival, trimmed and cut at 100 characters", () => {
    expect(campaignFromUrl(new URL(`http://x/?utm_source=google&utm_medium=cpc&utm_campaign=${"c".repeat(150)}&utm_content=%20banner%20`))).toEqual({
      source: "google",
      medium: "cpc",
      campaign: "c".repeat(100),
      content: "banner",
    });
    expect(campaignFromUrl(new URL("http://x/recargas?section=hbb"))).toBeNull();
  });

  it("remembers the campaign of a GET arrival in a cookie and reads it on later requests", async () => {
    const setCookie = await campaignCookieFor(new Request("http://x/?utm_source=facebook&utm_campaign=buen-fin"));
    expect(setCookie).toContain("HttpOnly");
    expect(setCookie).toContain("SameSite=Lax");
    const later = new Request("http://x/recargas", { headers: { Cookie: cookieHeader(setCookie!) } });
    expect(await readCampaign(later)).toEqual({ source: "facebook", campaign: "buen-fin" });
  });

  it("does not set a cookie without utm parameters, nor on a POST", async () => {
    expect(await campaignCookieFor(new Request("http://x/recargas"))).toBeNull();
    expect(await campaignCookieFor(new Request("http://x/?utm_source=a", { method: "POST" }))).toBeNull();
    expect(await readCampaign(new Request("http://x/"))).toBeUndefined();
  });

  it("a new arrival's parameters win over the remembered ones (last touch)", async () => {
    const setCookie = await campaignCookieFor(new Request("http://x/?utm_source=facebook"));
    const request = new Request("http://x/recargas?utm_source=tiktok", { headers: { Cookie: cookieHeader(setCookie!) } });
    expect(await readCampaign(request)).toEqual({ source: "tiktok" });
  });
});

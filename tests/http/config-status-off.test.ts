import { expect, it } from "vitest";
import { useSite } from "./support/site";

/**
 * The operators' status page of a site without CONFIG_STATUS_TOKEN (the suite's settings): the
 * site's own 404, whatever token is sent. With a token: config-status.test.ts.
 */
const site = useSite();
const TOKEN = "estado-e2e-0123456789abcdef";

it("without a token configured the status page is the site's 404", async () => {
  const none = await site.fetch(`/estado-config?token=${TOKEN}`, { headers: { Authorization: `Bearer ${TOKEN}` } });
  expect(none.status).toBe(404);
  expect(await none.text()).not.toContain("Estado de la configuración");
});

import { describe, expect, it } from "vitest";
import { checkServiceability } from "./serviceability.server";
import { data } from "./fixtures.test-helpers";
import { useMockUpstream } from "../../../mocks/test-support";

useMockUpstream({ timeoutMs: 8000 });

describe("serviceability", () => {
  it("answers coverage by postal code: 06600 yes with a location, 99999 no", async () => {
    expect(data(await checkServiceability("Calle Londres 10, Juárez, 06600, CDMX"))).toMatchObject({ hasCoverage: true, location: { latitude: 19.427 } });
    expect(data(await checkServiceability("99999"))).toEqual({ address: "99999", hasCoverage: false });
  });
});

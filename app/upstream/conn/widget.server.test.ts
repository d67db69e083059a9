import { describe, expect, it } from "vitest";
import widgetFile from "../../../pages-config/widget.json";
import { getWidgetContent } from "./widget.server";
import { data } from "./fixtures.test-helpers";
import { useMockUpstream } from "../../../mocks/test-support";

useMockUpstream({ timeoutMs: 8000 });

describe("widget CDN", () => {
  it("loads the discovery widget's content (sent with hide: true)", async () => {
    const widget = data(await getWidgetContent());
    expect(widget.version).toBe(widgetFile.version);
    expect(widget.service_order).toEqual(widgetFile.service_order);
  });
});

import { describe, expect, it } from "vitest";
import widgetFile from "../../../pages-config/widget.json";
import { getWidgetContent } from "./widget.server";
import { data, useConnUpstream } from "./fixtures.test-helpers";

useConnUpstream();

describe("widget CDN", () => {
  it("loads the discovery widget's content (sent with hide: true)", async () => {
    const widget = data(await getWidgetContent());
    expect(widget.version).toBe(widgetFile.version);
    expect(widget.service_order).toEqual(widgetFile.service_order);
  });
});

import type * as z from "zod";
import { upstreamFetch, type UpstreamResult } from "../http.server";
import type { ConnOptions } from "./results.server";
import { cdnResponse } from "./widget.schemas";

export type WidgetContent = z.infer<typeof cdnResponse>;

/** GET the discovery widget's content (header hide: true, docs/upstream.md). */
export async function getWidgetContent(options: ConnOptions = {}): Promise<UpstreamResult<WidgetContent>> {
  return upstreamFetch({ call: "conn.widget", upstream: "conn", path: "/conn/page/api/app/cdn", headers: { hide: "true" }, schema: cdnResponse, ...options });
}

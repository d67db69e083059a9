import * as z from "zod";
import { widgetConfig, type WidgetConfig } from "#schemas/config";
import { problemsFromZod } from "~/lib/config/problems";
import { env } from "~/lib/env.server";
import { upstreamFetch, type UpstreamResult } from "../http.server";
import { failureProblem, type RemoteDocument } from "../remote-document.server";
import type { ConnOptions } from "./results.server";
import { cdnResponse } from "./widget.schemas";

export type WidgetContent = z.infer<typeof cdnResponse>;

/** GET the discovery widget's content (header hide: true, docs/upstream.md). */
export async function getWidgetContent(options: ConnOptions = {}): Promise<UpstreamResult<WidgetContent>> {
  return upstreamFetch({ call: "conn.widget", upstream: "conn", path: "/conn/page/api/app/cdn", headers: { hide: "true" }, schema: cdnResponse, ...options });
}

/**
 * The widget CDN's document as a config source (docs/config.md "Remote banners and widget"):
 * checked by the same schema as pages-config/widget.json, so an item with an absolute image URL
 * or an order naming a missing item refuses the document (path and reason per problem).
 */
export async function fetchWidgetDocument(options: ConnOptions = {}): Promise<RemoteDocument<WidgetConfig>> {
  const path = "/conn/page/api/app/cdn";
  const url = `${env.upstreams.conn}${path}`;
  const result = await upstreamFetch({ call: "conn.widget", upstream: "conn", path, headers: { hide: "true" }, schema: z.unknown(), ...options });
  if (!result.ok) return { ok: false, url, problems: [failureProblem(url, result.error)] };
  const parsed = widgetConfig.safeParse(result.data);
  return parsed.success ? { ok: true, url, value: parsed.data } : { ok: false, url, problems: problemsFromZod(url, parsed.error) };
}

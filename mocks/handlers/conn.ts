import { http, HttpResponse } from "msw";

const base = "https://conn.upstream.mock";

/** The legacy "conn/page" upstream. The widget CDN answers with the discovery-widget content. */
export const conn = [
  http.get(`${base}/conn/page/api/app/cdn`, ({ request }) => {
    if (request.headers.get("hide") !== "true") return HttpResponse.json({ success: false }, { status: 400 });
    return HttpResponse.json({
      change_date: "2024-06-01",
      version: "1",
      service_order: [],
      services: [],
      stores_order: [],
      stores: [],
    });
  }),
];

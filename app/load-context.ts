import "@remix-run/node";

declare module "@remix-run/node" {
  interface AppLoadContext {
    /** Per-request CSP nonce, put on every inline script. */
    cspNonce: string;
    /** Anonymous visitor id (cookie bait_vid): percentage rollouts hash it. */
    visitorId: string;
    clientIp: string;
  }
}

declare module "@remix-run/server-runtime" {
  interface Future {
    v3_singleFetch: true;
  }
}

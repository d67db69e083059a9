import { HttpNetworkFrame, WebSocketNetworkFrame } from "msw/experimental";
import type { SharedOptions } from "msw";
import { setupServer } from "msw/node";
import { handlers } from "./handlers";

/**
 * The mock upstream, patched into this process's fetch before the app loads. Requests to the
 * mock hosts (*.upstream.mock) are answered by the handlers; anything else passes through.
 */
export const mockServer = setupServer(...handlers);

/** The URL a network frame (an HTTP request or a WebSocket connection) goes to. */
function frameUrl(frame: unknown): URL | null {
  if (frame instanceof HttpNetworkFrame) return new URL(frame.data.request.url);
  if (frame instanceof WebSocketNetworkFrame) return frame.data.connection.client.url;
  return null;
}

/**
 * What becomes of a call no handler answers: one to a mock host prints msw's error (and goes on to
 * fail, there being no such host); any other passes through quietly.
 */
export const onUnhandledFrame: NonNullable<SharedOptions["onUnhandledFrame"]> = ({ frame, defaults }) => {
  if (frameUrl(frame)?.hostname.endsWith(".upstream.mock")) return defaults.error();
};

export function startMockUpstream() {
  mockServer.listen({ onUnhandledFrame });
  return mockServer;
}

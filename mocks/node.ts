import { setupServer } from "msw/node";
import { handlers } from "./handlers";

/**
 * The mock upstream, patched into this process's fetch before the app loads. Requests to the
 * mock hosts (*.upstream.mock) are answered by the handlers; anything else passes through.
 */
export const mockServer = setupServer(...handlers);

export function startMockUpstream() {
  mockServer.listen({
    onUnhandledRequest(request, print) {
      if (new URL(request.url).hostname.endsWith(".upstream.mock")) print.error();
    },
  });
  return mockServer;
}

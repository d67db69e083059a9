import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";
import { FormMessage } from "~/components/form/form-messages";

/**
 * The messages of the provider's hosted security-code field, the same postMessage protocol as its
 * hosted card fields (app/features/payment/hosted-card.tsx), plus `cvv`: the code was taken and
 * here is its single-use verification token. An assumption to confirm with the provider
 * (docs/upstream.md "Decisions").
 */
type ProviderMessage =
  | { source: "bait-proveedor"; type: "ready" }
  | { source: "bait-proveedor"; type: "resize"; height: number }
  | { source: "bait-proveedor"; type: "cvv"; token: string }
  | { source: "bait-proveedor"; type: "error"; message?: string };

/** How long the field may take to say it is there before the page says it did not answer. */
const FIELD_TIMEOUT_MS = 10_000;

/**
 * The security code of a kept card, typed on the provider's own field in an iframe when the
 * provider asks for it (`cvvRequired`): the code never reaches this page, let alone this server;
 * the field hands back a single-use token the pay form posts (`verification`). JavaScript only:
 * without it the view says so and offers another card.
 */
export function CvvField({ url, onToken }: { url: string; onToken: (token: string | null) => void }) {
  const { t: message } = useTranslation(["common", "payment"]);
  const frame = useRef<HTMLIFrameElement>(null);
  const [state, setState] = useState<"loading" | "ready" | "missing">("loading");
  const [height, setHeight] = useState(140);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  useEffect(() => {
    const origin = new URL(url, window.location.href).origin;
    const timer = window.setTimeout(() => setState((now) => (now === "loading" ? "missing" : now)), FIELD_TIMEOUT_MS);
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin || event.source !== frame.current?.contentWindow) return;
      const data = event.data as ProviderMessage | undefined;
      if (!data || data.source !== "bait-proveedor") return;
      if (data.type === "ready") setState("ready");
      else if (data.type === "resize" && Number.isFinite(data.height)) setHeight(Math.min(320, Math.max(80, Math.ceil(data.height))));
      else if (data.type === "cvv" && typeof data.token === "string" && data.token) {
        setProblem(null);
        setDone(true);
        onToken(data.token);
      } else if (data.type === "error") {
        setDone(false);
        onToken(null);
        setProblem(data.message ?? message("payment:validation.cvvFormat"));
      }
    }
    window.addEventListener("message", onMessage);
    return () => {
      window.removeEventListener("message", onMessage);
      window.clearTimeout(timer);
    };
  }, [url, onToken, message]);

  return (
    <div className="repeat-cvv">
      <p className="repeat-cvv__title">{message("payment:repeat.cvvTitle")}</p>
      <p className="field__hint">{message("payment:repeat.cvvIntro")}</p>
      {state === "missing" ? <FormMessage tone="error">{message("payment:repeat.cvvMissing")}</FormMessage> : null}
      {problem ? <FormMessage tone="warning">{problem}</FormMessage> : null}
      {done ? (
        <p className="repeat-cvv__done" role="status">
          {message("payment:repeat.cvvReady")}
        </p>
      ) : null}
      <iframe ref={frame} className="repeat-cvv__frame" src={url} title={message("payment:repeat.cvvFrame")} height={height} />
    </div>
  );
}

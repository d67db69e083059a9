import { lazy, Suspense, useEffect, useState } from "react";
import type { AlertType } from "~/components/alert-dialog";
import { useTranslation } from "~/lib/i18n/react";
import type { ViewProps } from "../block";
import type { EmbedData } from "./block.server";
import type { EmbedBlockConfig } from "./schema";

// Only a modal message needs the dialog: every config page ships this view, so it loads on demand.
const AlertDialog = lazy(() => import("~/components/alert-dialog").then((module) => ({ default: module.AlertDialog })));

type Notice = { type: AlertType; title?: string; message: string };
type FrameMessage = { type?: string; size?: unknown; show?: unknown; alertType?: unknown; title?: unknown; message?: unknown } | null;
const NOTICE_TYPES = ["success", "error", "warning", "danger"];

/**
 * The postpaid site in a frame (docs/profile.md › Postpaid portal). It talks by postMessage, and
 * only messages from its own origin count: `resize` (height = size + 100), `loader` (the site's
 * progress bar while `show`), `modal` (the site's alert dialog). Without JavaScript the frame
 * keeps its minimum height and a direct link is always there.
 */
export function EmbedBlock({ block, data }: ViewProps<EmbedBlockConfig, EmbedData>) {
  const { t } = useTranslation();
  const [height, setHeight] = useState(block.minHeight);
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== data.origin) return;
      const message = event.data as FrameMessage;
      if (message?.type === "resize" && typeof message.size === "number") setHeight(Math.max(block.minHeight, message.size + 100));
      if (message?.type === "loader") setLoading(message.show !== false);
      if (message?.type === "modal" && typeof message.message === "string") {
        const type = NOTICE_TYPES.includes(String(message.alertType)) ? (message.alertType as AlertType) : "warning";
        setNotice({ type, message: message.message, ...(typeof message.title === "string" ? { title: message.title } : {}) });
      }
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [data.origin, block.minHeight]);

  return (
    <section className="block embed">
      {loading ? <div className="progress-bar" role="progressbar" aria-label={t("progress.label")} aria-busy="true" /> : null}
      <iframe className="embed__frame" src={data.src} title={block.title} height={height} loading="lazy" />
      <p className="embed__direct">
        <a href={data.src} target="_blank" rel="noopener noreferrer">
          {t("embed.openDirect", { title: block.title })}
        </a>
      </p>
      {notice ? (
        <Suspense fallback={null}>
          <AlertDialog type={notice.type} title={notice.title} message={notice.message} accept={{ onClick: () => setNotice(null) }} />
        </Suspense>
      ) : null}
    </section>
  );
}

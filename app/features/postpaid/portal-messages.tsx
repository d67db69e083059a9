import { useEffect, useState } from "react";
import { AlertDialog, type AlertType } from "~/components/alert-dialog";
import { useTranslation } from "react-i18next";

type Notice = { type: AlertType; title?: string; message: string };
type PortalMessage = { type?: unknown; show?: unknown; alertType?: unknown; title?: unknown; message?: unknown } | null;
const NOTICE_TYPES: readonly string[] = ["success", "error", "warning", "danger"];

/**
 * The postpaid portal's `loader` and `modal` messages (docs/profile.md › Postpaid portal): the
 * site's progress bar while the portal works, and its alert dialog for the portal's notices.
 * Messages from any origin but the portal's are ignored. (The frame's `resize` is the embed
 * block's own, on every page that embeds a site.)
 */
export function PortalMessages({ origin }: { origin: string }) {
  const { t } = useTranslation();
  const [loading, setLoading] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== origin) return;
      const message = event.data as PortalMessage;
      if (message?.type === "loader") setLoading(message.show !== false);
      if (message?.type === "modal" && typeof message.message === "string") {
        const type = NOTICE_TYPES.includes(String(message.alertType)) ? (message.alertType as AlertType) : "warning";
        setNotice({ type, message: message.message, ...(typeof message.title === "string" ? { title: message.title } : {}) });
      }
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [origin]);

  return (
    <>
      {loading ? <div className="progress-bar" role="progressbar" aria-label={t("progress.label")} aria-busy="true" /> : null}
      {notice ? <AlertDialog type={notice.type} title={notice.title} message={notice.message} accept={{ onClick: () => setNotice(null) }} /> : null}
    </>
  );
}

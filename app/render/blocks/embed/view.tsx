import { useEffect, useState } from "react";
import { useTranslation } from "react-i18next";
import type { ViewProps } from "../block";
import type { EmbedData } from "./block.server";
import type { EmbedBlockConfig } from "./schema";
import { markHydrated } from "~/components/hydration-mark";

/**
 * The postpaid site in a frame. It reports its height by postMessage (resize → height = size + 100,
 * docs/config.md); messages from any other origin are ignored. Without JavaScript the frame keeps its
 * minimum height and a direct link is always there.
 */
export function EmbedBlock({ block, data }: ViewProps<EmbedBlockConfig, EmbedData>) {
  const { t } = useTranslation("blocks");
  const [height, setHeight] = useState(block.minHeight);

  useEffect(() => {
    function onMessage(event: MessageEvent) {
      if (event.origin !== data.origin) return;
      const message = event.data as { type?: string; size?: number } | null;
      if (message?.type === "resize" && typeof message.size === "number") setHeight(Math.max(block.minHeight, message.size + 100));
    }
    window.addEventListener("message", onMessage);
    return () => window.removeEventListener("message", onMessage);
  }, [data.origin, block.minHeight]);

  return (
    <section ref={markHydrated} className="block embed">
      <iframe className="embed__frame" src={data.src} title={block.title} height={height} loading="lazy" />
      <p className="embed__direct">
        <a href={data.src} target="_blank" rel="noopener noreferrer">
          {t("blocks:embed.openDirect", { title: block.title })}
        </a>
      </p>
    </section>
  );
}

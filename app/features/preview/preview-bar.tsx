import { useLocation } from "@remix-run/react";
import { herePath } from "~/lib/return-path";
import type { PreviewBarData } from "./preview.server";
import { markHydrated } from "~/components/hydration-mark";

/**
 * Marks a preview of the draft on every page, above the header: what is shown, until when, the
 * draft's errors when it is refused, the scripts it would load that the preview does not (their
 * addresses as text), and a plain form that leaves the preview (no JavaScript needed; a full page
 * load, so everything on screen is live again). Its texts come with the data: the browser's
 * bundle carries none of them.
 */
export function PreviewBar({ preview }: { preview: PreviewBarData }) {
  const location = useLocation();
  return (
    <aside className="preview-bar" aria-label={preview.label}>
      <p className="preview-bar__text">
        <strong>{preview.title}.</strong> {preview.text}
      </p>
      {preview.problems.length > 0 ? (
        <ul className="preview-bar__problems" aria-label={preview.problemsLabel}>
          {preview.problems.map((problem) => (
            <li key={problem}>{problem}</li>
          ))}
        </ul>
      ) : null}
      {preview.scripts ? (
        <>
          <p className="preview-bar__text">{preview.scripts.text}</p>
          <ul className="preview-bar__problems" aria-label={preview.scripts.label}>
            {preview.scripts.list.map((script) => (
              <li key={script}>
                <code>{script}</code>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      <form ref={markHydrated} method="post" action="/vista-previa" className="preview-bar__leave">
        <input type="hidden" name="volver" value={herePath(location)} />
        <button type="submit" className="button button--small button--dark">
          {preview.leave}
        </button>
      </form>
    </aside>
  );
}

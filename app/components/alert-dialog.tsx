import { useEffect, useId, useRef, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Icon, type IconName } from "./icon";
import { markHydrated, useHydrationMark } from "./hydration-mark";

/** The alert types of docs/config.md. */
export const alertTypes = ["success", "danger", "error", "warning", "loader", "answer", "existCancel", "anotherOption"] as const;
export type AlertType = (typeof alertTypes)[number];

/** Which buttons each type shows: loader none; answer and anotherOption ask; existCancel only lets you back out. */
export const alertButtons: Record<AlertType, { accept: boolean; cancel: boolean; other: boolean }> = {
  success: { accept: true, cancel: false, other: false },
  danger: { accept: true, cancel: false, other: false },
  error: { accept: true, cancel: false, other: false },
  warning: { accept: true, cancel: false, other: false },
  loader: { accept: false, cancel: false, other: false },
  answer: { accept: true, cancel: true, other: false },
  existCancel: { accept: false, cancel: true, other: false },
  anotherOption: { accept: true, cancel: true, other: true },
};

const icons: Record<AlertType, IconName> = {
  success: "check",
  danger: "alert",
  error: "alert",
  warning: "alert",
  loader: "clock",
  answer: "info",
  existCancel: "info",
  anotherOption: "info",
};

/** A button is either an action (with JavaScript) or a form / link that works without it. */
export type AlertAction = { label?: string; onClick?: () => void; href?: string; form?: { action: string; intent: string } };

function ActionButton({ action, fallbackLabel, variant, autoFocus }: { action: AlertAction; fallbackLabel: string; variant: string; autoFocus?: boolean }) {
  const label = action.label ?? fallbackLabel;
  const className = `button button--${variant}`;
  if (action.form) {
    return (
      <form ref={markHydrated} method="post" action={action.form.action}>
        <button type="submit" name="intent" value={action.form.intent} className={className} autoFocus={autoFocus}>
          {label}
        </button>
      </form>
    );
  }
  if (action.href && !action.onClick) {
    return (
      <a href={action.href} className={className} autoFocus={autoFocus}>
        {label}
      </a>
    );
  }
  return (
    <button type="button" className={className} onClick={action.onClick} autoFocus={autoFocus}>
      {label}
    </button>
  );
}

export function AlertDialog({
  type,
  message,
  title,
  accept = {},
  cancel = {},
  other,
}: {
  type: AlertType;
  message: ReactNode;
  title?: string;
  accept?: AlertAction;
  cancel?: AlertAction;
  other?: AlertAction;
}) {
  const { t } = useTranslation();
  const dialog = useRef<HTMLDialogElement | null>(null);
  const dialogRef = useHydrationMark(dialog);
  const titleId = useId();
  const messageId = useId();
  const buttons = alertButtons[type];

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.matches(":modal")) {
      element.close();
      element.showModal();
    }
  }, []);

  return (
    <dialog
      ref={dialogRef}
      open
      role={type === "loader" ? "dialog" : "alertdialog"}
      aria-modal="true"
      aria-labelledby={titleId}
      aria-describedby={messageId}
      aria-busy={type === "loader" ? true : undefined}
      className={`modal alert alert--${type}`}
      onCancel={(event) => {
        // Esc is Cancel where there is one, Accept for plain notices, nothing while loading.
        event.preventDefault();
        if (buttons.cancel) cancel.onClick?.();
        else if (buttons.accept) accept.onClick?.();
      }}
    >
      <div className="modal__panel alert__panel">
        <span className={`alert__icon alert__icon--${type}`}>
          {type === "loader" ? <span className="spinner" /> : <Icon name={icons[type]} size={32} />}
        </span>
        <h2 id={titleId} className="alert__title">
          {title ?? t(`alert.title.${type}`)}
        </h2>
        <div id={messageId} className="alert__message">
          {type === "loader" ? message ?? t("alert.loading") : message}
        </div>
        {buttons.accept || buttons.cancel ? (
          <div className="alert__actions">
            {buttons.cancel ? <ActionButton action={cancel} fallbackLabel={t("alert.cancel")} variant="ghost" /> : null}
            {buttons.other && other ? <ActionButton action={other} fallbackLabel={t("alert.accept")} variant="secondary" /> : null}
            {buttons.accept ? <ActionButton action={accept} fallbackLabel={t("alert.accept")} variant="primary" autoFocus /> : null}
          </div>
        ) : null}
      </div>
    </dialog>
  );
}

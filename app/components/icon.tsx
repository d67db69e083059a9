/**
 * Line icons (24×24, stroke) from one cached sprite, public/images/icons.svg: the paths cost
 * the JavaScript bundle nothing. Decorative, so hidden from assistive tech.
 */
export type IconName =
  | "signal" | "wallet" | "globe" | "sim" | "esim" | "wifi" | "home" | "phone" | "shield" | "chat" | "map" | "gift"
  | "clock" | "swap" | "store" | "briefcase" | "menu" | "close" | "chevronDown" | "chevronLeft" | "chevronRight"
  | "pause" | "play" | "user" | "check" | "alert" | "info" | "file" | "external" | "pin"
  | "facebook" | "instagram" | "x" | "tiktok" | "youtube" | "whatsapp";

export const ICON_SPRITE = "/images/icons.svg";

export function Icon({ name, size = 24, className }: { name: IconName; size?: number; className?: string }) {
  return (
    <svg
      className={className ? `icon ${className}` : "icon"}
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <use href={`${ICON_SPRITE}#${name}`} />
    </svg>
  );
}

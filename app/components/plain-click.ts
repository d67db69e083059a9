/** Whether a click is a plain primary click, the one a link of the app handles itself (no new tab or window asked for, nothing else took it). */
export function isPlainClick(event: Pick<MouseEvent, "defaultPrevented" | "button" | "metaKey" | "ctrlKey" | "shiftKey" | "altKey">): boolean {
  return !event.defaultPrevented && event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
}

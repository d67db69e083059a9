import { currentPreview } from "./draft.server";
import { liveStore } from "./live.server";
import type { ConfigStore } from "./store.server";

/**
 * Every config value that makes the browser load code: the chat's script, the consent scripts,
 * the acquisition tag, the marketing platforms' ids and the recharge captcha's widget. A preview
 * (docs/config.md "Previews") shows the draft's or the earlier version's texts and pages, but
 * never its scripts: while one is shown, these come from the live config, and the preview's bar
 * says in words what the previewed config would load instead (`scriptsNotLoaded`). No script an
 * editor writes into a draft runs until a publisher publishes it.
 */
export type ScriptSettings = {
  chatScriptUrl: string | null;
  consentScripts: string[];
  acquisitionTagUrl: string | undefined;
  platforms: { google?: string; meta?: string; tiktok?: string };
  captcha: ReturnType<typeof captchaOf>;
};

const siteOf = (store: ConfigStore) => store.get("site", "site.json");
const captchaOf = (store: ConfigStore) => store.get("recharges", "recharges.json").modal.captcha;

function settingsOf(store: ConfigStore): ScriptSettings {
  const { tracking, chat } = siteOf(store);
  return {
    chatScriptUrl: chat.scriptUrl ?? null,
    consentScripts: tracking.consentScripts,
    acquisitionTagUrl: tracking.acquisitionTagUrl,
    platforms: tracking.platforms,
    captcha: captchaOf(store),
  };
}

/** The previewed store, when this request shows a preview of a valid config. */
function previewedStore(): ConfigStore | undefined {
  const preview = currentPreview();
  return preview && preview.problems.length === 0 && !preview.preparing ? preview.store : undefined;
}

/** The scripts this request's page may load: always the live config's (a preview's own are never loaded). */
export const scriptSettings = (): ScriptSettings => settingsOf(liveStore());

/** Each script a config loads, as text: its address, or the platform and its id. */
function scriptsOf(settings: ScriptSettings): string[] {
  const { google, meta, tiktok } = settings.platforms;
  return [
    ...(settings.chatScriptUrl ? [settings.chatScriptUrl] : []),
    ...settings.consentScripts,
    ...(settings.acquisitionTagUrl ? [settings.acquisitionTagUrl] : []),
    ...(google ? [`Google ${google}`] : []),
    ...(meta ? [`Meta ${meta}`] : []),
    ...(tiktok ? [`TikTok ${tiktok}`] : []),
    ...(settings.captcha.enabled ? [settings.captcha.scriptUrl] : []),
  ];
}

/**
 * What the config a preview shows would load that the live one does not (a script added or
 * changed), as text for its bar; empty outside a preview.
 */
export function scriptsNotLoaded(): string[] {
  const store = previewedStore();
  if (!store) return [];
  const live = new Set(scriptsOf(settingsOf(liveStore())));
  return [...new Set(scriptsOf(settingsOf(store)))].filter((script) => !live.has(script));
}

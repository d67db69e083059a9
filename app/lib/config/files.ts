import * as z from "zod";
import {
  bannerFile,
  flagsConfig,
  modalDefinition,
  pageDefinition,
  rechargesConfig,
  siteConfig,
  widgetConfig,
} from "#schemas/config";

/** Every kind of file in pages-config/, with the schema that guards it. One list, used by the site and by config:check. */
export const configFiles = {
  site: { pattern: /^site\.json$/, schema: siteConfig },
  flags: { pattern: /^flags\.json$/, schema: flagsConfig },
  widget: { pattern: /^widget\.json$/, schema: widgetConfig },
  recharges: { pattern: /^recharges\.json$/, schema: rechargesConfig },
  page: { pattern: /^pages\/[a-z0-9{}-]+\.json$/, schema: pageDefinition },
  modal: { pattern: /^modals\/[a-z0-9-]+\.json$/, schema: modalDefinition },
  banners: { pattern: /^banners\/[a-z0-9-]+\.json$/, schema: bannerFile },
} as const satisfies Record<string, { pattern: RegExp; schema: z.ZodType }>;

export type ConfigKind = keyof typeof configFiles;
export type ConfigOf<K extends ConfigKind> = z.infer<(typeof configFiles)[K]["schema"]>;

export function kindOf(relativePath: string): ConfigKind | null {
  for (const [kind, entry] of Object.entries(configFiles)) {
    if (entry.pattern.test(relativePath)) return kind as ConfigKind;
  }
  return null;
}

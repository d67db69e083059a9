import type { TFunction } from "i18next";
import { createContext, useContext } from "react";
import { createTranslator } from "./translate";

export type T = TFunction<"common">;

/**
 * Components translate through this context. On the server it carries the shared i18next
 * instance's fixed-language `t`; in the browser, the catalogue translator (same catalogues, same output, checked
 * key by key in translate.test.ts). react-i18next is not used because it imports i18next's
 * whole runtime into the browser bundle (16 KB gzip), which the home page's 100 KB budget
 * cannot afford.
 */
const TranslationContext = createContext<T>(createTranslator() as unknown as T);

export const TranslationProvider = TranslationContext.Provider;

export function useTranslation(): { t: T } {
  return { t: useContext(TranslationContext) };
}

/** A translator for keys that arrive as data (a form error, an upstream message key). */
export type Translate = (key: string, values?: Record<string, unknown>) => string;

export function useMessages(): Translate {
  const { t } = useTranslation();
  return t as unknown as Translate;
}

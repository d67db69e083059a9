import "i18next";
import type { resources } from "./lib/i18n/resources";

declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
    resources: (typeof resources)["es-MX"];
  }
}

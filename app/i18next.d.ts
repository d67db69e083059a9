import "i18next";

// Keys are checked against the catalogues by app/lib/i18n/keys.test.ts (they also arrive as data:
// form errors, upstream messages), so `t` takes any string here.
declare module "i18next" {
  interface CustomTypeOptions {
    defaultNS: "common";
  }
}

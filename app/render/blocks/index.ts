/**
 * Every block type, one line each, exported under its `type` in the config. Adding a block is its
 * folder (schema, view, server side, fixture, tests) and its line here: the registry, the block
 * types, the parsing, the data loading and config:check all come from this list.
 */
export { cards } from "./cards";
export { catalogue } from "./catalogue";
export { cta } from "./cta";
export { destinations } from "./destinations";
export { embed } from "./embed";
export { faq } from "./faq";
export { hero } from "./hero";
export { legal } from "./legal";
export { offers } from "./offers";
export { rechargeByNumber } from "./recharge-by-number";
export { richText } from "./rich-text";
export { siteMap } from "./site-map";
export { steps } from "./steps";
export { stores } from "./stores";

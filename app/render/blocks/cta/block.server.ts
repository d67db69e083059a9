export { ctaBlock as schema } from "./schema";

export { faqBlock as schema } from "./schema";

export { richTextBlock as schema } from "./schema";

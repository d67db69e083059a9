export { cardsBlock as schema } from "./schema";

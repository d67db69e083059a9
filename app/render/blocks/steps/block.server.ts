export { stepsBlock as schema } from "./schema";

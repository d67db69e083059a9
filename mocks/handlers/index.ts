import type { RequestHandler } from "msw";
import { conn } from "./conn";

/** One file per upstream; each exports its handlers. */
export const handlers: RequestHandler[] = [...conn];

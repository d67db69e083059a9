import type { RequestHandler } from "msw";
import { addresses } from "./addresses";
import { asistencia } from "./asistencia";
import { banners } from "./banners";
import { conn } from "./conn";
import { core } from "./core";
import { esim } from "./esim";
import { payments } from "./payments";
import { portabilidad } from "./portabilidad";
import { sso } from "./sso";
import { updCard } from "./upd-card";

/** One file per upstream; each exports its handlers. */
export const handlers: RequestHandler[] = [...core, ...conn, ...sso, ...esim, ...payments, ...addresses, ...asistencia, ...portabilidad, ...updCard, ...banners];

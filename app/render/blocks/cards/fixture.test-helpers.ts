import type * as z from "zod";
import type { cardsBlock } from "./schema";

/** A valid block of this type as marketing would write it; a factory, so a test can break a fresh copy. */
export const fixture = () => ({ type: "cards", items: [{ icon: "esim", title: "E-SIM", text: "Sin chip físico.", link: { label: "Ver más", href: "/e-sim" } }] }) satisfies z.input<typeof cardsBlock>;

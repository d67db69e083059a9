import { device, form, modal } from "#locales/es-MX/esim.json";
import { registerCatalogue } from "./translate";

/**
 * The `esim` texts the eSIM modal shows in the browser (the form, the device check, the modal).
 * The routes that render the modal import this module; named imports leave the confirmation's
 * and the flow's texts (translated by the server) out of the bundle.
 */
registerCatalogue("esim", { device, form, modal });

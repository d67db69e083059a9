import { expect as baseExpect, test, type Locator, type Page } from "@playwright/test";
import { waitForHydration, waitForModal } from "../support/hydration";

/** Every step waits for a server round trip; on a busy machine one can take longer than 5 s. */
export const expect = baseExpect.configure({ timeout: 10_000 });

/** DEMO-DATA.md › Devices, and the spec's texts for each (docs/esim.md). */
export const DEVICES = {
  esim: { imei: "356938035643809", text: "¡Felicidades! Su equipo es compatible con nuestra red Bait y con E-SIM." },
  networkOnly: {
    imei: "490154203237518",
    text: "Tu equipo es compatible con la red Bait, pero no con una E-SIM. Te invitamos a adquirir una SIM física para disfrutar de nuestros servicios.",
  },
  incompatible: { imei: "351756051523993", text: "Lo sentimos. Su equipo no es compatible con nuestra red Bait." },
  vozapp: {
    imei: "353322110099885",
    text: "Tu equipo es compatible con la red Bait a través de la aplicación VozAPP. Descárgala en tu tienda de aplicaciones para hacer y recibir llamadas.",
  },
  serverError: { imei: "867530901234565", text: "Estimado usuario, ha ocurrido un error interno del servidor. Por favor, inténtalo de nuevo más tarde." },
} as const;

export const OFFER = { id: "ESIM100", name: "E-SIM Bait 100", total: "$100.00" };

export const LABEL = {
  phone: "Número de teléfono de contacto",
  email: "Correo electrónico",
  emailConfirm: "Confirma tu correo electrónico",
  imei: "IMEI de tu equipo",
  isBait: "Soy usuario Bait",
};

export const modal = (page: Page) => page.getByRole("dialog", { name: "E-SIM", exact: true });
export const field = (dialog: Locator, label: string) => dialog.getByLabel(label, { exact: true });
export const payButton = (dialog: Locator) => dialog.getByRole("button", { name: "Pagar", exact: true });
export const checkButton = (dialog: Locator) => dialog.getByRole("button", { name: "Revisar compatibilidad", exact: true });

export async function openModal(page: Page, path = `/e-sim?oferta=${OFFER.id}`): Promise<Locator> {
  await page.goto(path);
  const dialog = modal(page);
  await expect(dialog).toBeVisible();
  await waitForHydration(page);
  // The modal's code is its own chunk: with JavaScript it is ready once the dialog is a true modal.
  if (test.info().project.use.javaScriptEnabled !== false) {
    await waitForModal(dialog);
  }
  return dialog;
}

/** Types the IMEI: with JavaScript the check runs by itself 600 ms later; without it 'Revisar compatibilidad' asks the server. */
export async function enterImei(dialog: Locator, imei: string, js: boolean) {
  await field(dialog, LABEL.imei).fill(imei);
  if (!js) await checkButton(dialog).click();
}

export async function fillForm(dialog: Locator, values: { phone?: string; email: string; confirm?: string; imei: string }, js: boolean) {
  await field(dialog, LABEL.phone).fill(values.phone ?? "5512345678");
  await field(dialog, LABEL.email).fill(values.email);
  await field(dialog, LABEL.emailConfirm).fill(values.confirm ?? values.email);
  await enterImei(dialog, values.imei, js);
}

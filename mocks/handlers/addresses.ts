import { http, HttpResponse, type RequestHandler } from "msw";
import { ADDRESSES_HEADERS, type ColoniasResponse } from "~/upstream/addresses.server";
import { demoPostalCodes } from "../fixtures/demo";
import { switched } from "../switches";

const base = "https://addresses.upstream.mock";

/** Handlers of the addresses upstream: the colonias of the demo postal codes; any other code is not found. */
export const addresses: RequestHandler[] = [
  http.get(`${base}/api/busqueda/colonias/:postalCode`, async ({ request, params }) => {
    const forced = await switched("addresses.colonias");
    if (forced) return forced;
    const sent = request.headers;
    if (sent.get("service") !== ADDRESSES_HEADERS.service || sent.get("client") !== ADDRESSES_HEADERS.client || sent.get("secret") !== ADDRESSES_HEADERS.secret) {
      return HttpResponse.json({ success: false, mensaje: "Cliente no autorizado" }, { status: 401 });
    }
    const postalCode = String(params.postalCode);
    const found = demoPostalCodes[postalCode];
    if (!found) {
      return HttpResponse.json({ success: false, mensaje: `No encontramos colonias para el código postal ${postalCode}`, informacion: null } satisfies ColoniasResponse);
    }
    return HttpResponse.json({
      success: true,
      mensaje: "Consulta exitosa",
      informacion: {
        colonias: found.colonias.map((nombre, index) => ({ id: Number(postalCode) * 100 + index + 1, nombre, ciudad: found.city, codigoPostal: postalCode, tipo: "Colonia" })),
        pais: { codigo: "MX", divisa: "MXN", id: 1, nombre: "México" },
        estado: found.state,
        municipio: found.municipality,
      },
    } satisfies ColoniasResponse);
  }),
];
